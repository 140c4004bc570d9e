package notify

import (
	"encoding/json"
	"net/url"
	"testing"
)

// FuzzCreateBody feeds arbitrary bodies to create and update: they must
// answer a result or a well-formed error, never panic.
func FuzzCreateBody(f *testing.F) {
	seeds := []string{
		``, `{}`, `[]`, `null`, `{"config":`, `{"config":{}}`,
		`{"config_id":"a b","config":{"name":"n","config_type":"slack","slack":{"url":"https://s"}}}`,
		`{"config":{"name":"n","config_type":"webhook","webhook":{"url":"http://h:1x/","header_params":{"a":1,"b":true},"method":"PUT"}}}`,
		`{"config":{"name":"n","config_type":"smtp_account","smtp_account":{"host":"h","port":1e3,"method":"ssl","from_address":"\"q\"@[1.2.3.4]"}}}`,
		`{"config":{"name":"n","config_type":"email","email":{"email_account_id":"x","recipient_list":[{"recipient":"a@b.co"}],"email_group_id_list":[1,null]}}}`,
		`{"config":{"name":"n","config_type":"sns","sns":{"topic_arn":null,"role_arn":"arn:aws:iam::012345678912:r"}}}`,
		`{"config":{"name":"n","config_type":"ses_account","ses_account":{"region":"r","from_address":"a@b.co","role_arn":{}}}}`,
		`{"config":{"name":"n","config_type":"microsoft_teams","microsoft_teams":{"url":"https://a.webhook.office.com"}}}`,
		`{"config":{"name":"\u0000","is_enabled":"false","config_type":"email_group","email_group":{"recipient_list":[{"recipient":"x@y.co"}]}}}`,
		"{\"config\":{\"name\":\"n\xff\",\"config_type\":\"chime\",\"chime\":{\"url\":\"https://\xfe\"}}}",
	}
	for _, s := range seeds {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, body []byte) {
		s, _ := newTestService(t, Options{})
		for _, run := range []func() (Result, *Error){
			func() (Result, *Error) { return s.Create(body) },
			func() (Result, *Error) { return s.Update("x", body) },
		} {
			res, err := run()
			if err != nil {
				if err.Status < 400 || err.Status > 599 {
					t.Fatalf("bad error status %d", err.Status)
				}
				if err.Shape == ShapeEnvelope && !json.Valid(err.Body()) {
					t.Fatalf("invalid error body %q", err.Body())
				}
				continue
			}
			if !json.Valid(res.Body) {
				t.Fatalf("invalid body %q", res.Body)
			}
		}
		// Whatever was stored must list and survive a snapshot round trip.
		list, err := s.Get("", url.Values{})
		if err != nil || !json.Valid(list.Body) {
			t.Fatalf("list after fuzz: %v %q", err, list.Body)
		}
		snap := s.Snapshot()
		s2, _ := newTestService(t, Options{})
		if rerr := s2.Restore(snap); rerr != nil {
			t.Fatalf("restore of %s: %v", snap, rerr)
		}
		if string(s2.Snapshot()) != string(snap) {
			t.Fatalf("snapshot round trip changed:\n%s\n%s", snap, s2.Snapshot())
		}
	})
}

// FuzzListParams checks list parameters never panic.
func FuzzListParams(f *testing.F) {
	f.Add("name", "ops", "desc", "0", "10")
	f.Add("query", "a* b?", "asc", "-1", "0")
	f.Add("last_updated_time_ms", "1..", "x", "5", "99999")
	f.Add("config_type", ",,", "DESC", "+1", "1")
	f.Fuzz(func(t *testing.T, key, value, order, from, size string) {
		s := listFixture(t)
		res, err := s.Get("", url.Values{key: {value}, "sort_order": {order}, "from_index": {from}, "max_items": {size}, "sort_field": {key}})
		if err == nil && !json.Valid(res.Body) {
			t.Fatalf("invalid body %q", res.Body)
		}
	})
}
