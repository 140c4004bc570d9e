package notify

import (
	"github.com/clustersearch/clustersearch-go/internal/engine/wildcard"
	"net/url"
	"strings"
	"testing"
	"time"
)

// listFixture creates five configs, one millisecond apart:
// a(slack, enabled) b(chime, disabled) c(webhook) d(smtp) e(email_group).
func listFixture(t *testing.T) *Service {
	s, clk := newTestService(t, Options{})
	bodies := []string{
		`{"config_id":"a","config":{"name":"Zulu alerts","description":"Ops team","config_type":"slack","slack":{"url":"https://hooks.slack.com/services/T1"}}}`,
		`{"config_id":"b","config":{"name":"alpha","description":"","config_type":"chime","is_enabled":false,"chime":{"url":"https://chime.aws/x"}}}`,
		`{"config_id":"c","config":{"name":"Mike hook","description":"ops pager","config_type":"webhook","webhook":{"url":"https://example.com/hook"}}}`,
		`{"config_id":"d","config":{"name":"mail","config_type":"smtp_account","smtp_account":{"host":"smtp.example.com","port":587,"method":"start_tls","from_address":"ops@example.com"}}}`,
		`{"config_id":"e","config":{"name":"group","config_type":"email_group","email_group":{"recipient_list":[{"recipient":"oncall@example.com"},{"recipient":"boss@corp.io"}]}}}`,
	}
	for _, b := range bodies {
		create(t, s, b)
		clk.advance(time.Millisecond)
	}
	return s
}

func TestListSortingPagingAndFilters(t *testing.T) {
	s := listFixture(t)
	cases := []struct {
		name   string
		params url.Values
		ids    string
		total  string
	}{
		{"default order is last update ascending", nil, "a,b,c,d,e", `"start_index":0,"total_hits":5`},
		{"desc", url.Values{"sort_order": {"DESC"}}, "e,d,c,b,a", `"total_hits":5`},
		{"paging", url.Values{"from_index": {"1"}, "max_items": {"2"}}, "b,c", `"start_index":1,"total_hits":5`},
		{"page past the end", url.Values{"from_index": {"9"}}, "", `"start_index":9,"total_hits":5`},
		{"non-integer paging falls back", url.Values{"from_index": {"x"}, "max_items": {"1.5"}}, "a,b,c,d,e", `"start_index":0`},
		{"sort on text field uses keyword", url.Values{"sort_field": {"name"}}, "c,a,b,e,d", ""},
		{"sort on keyword desc", url.Values{"sort_field": {"config_type"}, "sort_order": {"desc"}}, "c,d,a,e,b", ""},
		{"missing values last", url.Values{"sort_field": {"smtp_account.host"}, "sort_order": {"desc"}}, "d,a,b,c,e", ""},
		{"sort on is_enabled", url.Values{"sort_field": {"is_enabled"}}, "b,a,c,d,e", ""},
		{"created time desc", url.Values{"sort_field": {"created_time_ms"}, "sort_order": {"desc"}}, "e,d,c,b,a", ""},
		{"config_type terms", url.Values{"config_type": {"slack,webhook"}}, "a,c", `"total_hits":2`},
		{"is_enabled", url.Values{"is_enabled": {"false"}}, "b", ""},
		{"name match is analyzed", url.Values{"name": {"ZULU"}}, "a", ""},
		{"description match any term", url.Values{"description": {"pager nothing"}}, "c", ""},
		{"two filters AND", url.Values{"description": {"ops"}, "config_type": {"webhook"}}, "c", ""},
		{"url match", url.Values{"slack.url": {"hooks.slack.com"}}, "a", ""},
		{"keyword subfield exact", url.Values{"name.keyword": {"alpha"}}, "b", ""},
		{"keyword subfield case-sensitive", url.Values{"name.keyword": {"Alpha"}}, "", `"total_hits":0`},
		{"nested recipient", url.Values{"email_group.recipient_list.recipient": {"boss"}}, "e", ""},
		{"smtp method", url.Values{"smtp_account.method": {"start_tls"}}, "d", ""},
		{"exact time", url.Values{"created_time_ms": {"1652760532775"}}, "b", ""},
		{"time range", url.Values{"last_updated_time_ms": {"1652760532775..1652760532777"}}, "b,c,d", ""},
		{"query over all fields", url.Values{"query": {"oncall chime"}}, "b,e", ""},
		{"query wildcard", url.Values{"query": {"mi*"}}, "c", ""},
		{"query keyword wildcard", url.Values{"query": {"start_t?s"}}, "d", ""},
		{"text_query skips keywords", url.Values{"text_query": {"start_tls"}}, "", `"total_hits":0`},
		{"ids skip the search", url.Values{"config_id": {"c"}, "sort_field": {"bogus"}}, "c", ""},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			got := mustOK(t, s, OpList, "", c.params, "")
			if ids := strings.Join(configIDs(t, got), ","); ids != c.ids {
				t.Fatalf("ids %q, want %q (%s)", ids, c.ids, got)
			}
			if !strings.Contains(got, c.total) {
				t.Fatalf("%s lacks %s", got, c.total)
			}
		})
	}
}

func TestListErrors(t *testing.T) {
	s := listFixture(t)
	cases := []struct {
		params      url.Values
		status      int
		typ, reason string
	}{
		{url.Values{"sort_order": {"up"}}, 400, "illegal_argument_exception", "Unknown SortOrder [up]"},
		{url.Values{"from_index": {"-1"}}, 400, "action_request_validation_exception", "Validation Failed: 1: fromIndex is -ve;"},
		{url.Values{"from_index": {"-1"}, "max_items": {"0"}}, 400, "action_request_validation_exception", "Validation Failed: 1: fromIndex is -ve;2: maxItems is not +ve;"},
		{url.Values{"sort_field": {"bogus"}}, 406, "status_exception", "Sort on bogus not acceptable"},
		{url.Values{"created_time_ms": {"1..2..3"}}, 406, "status_exception", "Invalid Range format 1..2..3, allowed format 'exact' or 'from..to'"},
		{url.Values{"email.recipient_list.recipient.keyword": {"x"}}, 406, "status_exception", "Query on email.recipient_list.recipient.keyword not acceptable"},
		{url.Values{"is_enabled": {"maybe"}}, 500, "status_exception", "all shards failed"},
		{url.Values{"max_items": {"10001"}}, 500, "status_exception", "all shards failed"},
		{url.Values{"query": {"name:x"}}, 400, "status_exception",
			"the fake supports only plain terms and * ? wildcards in [query]; query_string syntax in [name:x] is not supported by the fake"},
	}
	for _, c := range cases {
		mustFail(t, s, OpList, "", c.params, "", c.status, c.typ, c.reason)
	}
}

func TestTotalHitsCapAtTenThousand(t *testing.T) {
	recs := make([]*record, 10001)
	for i := range recs {
		recs[i] = &record{id: "x", order: uint64(i), cfg: &configDoc{Name: "n", Type: TypeSlack, IsEnabled: true}}
	}
	page, total, rel, err := search(recs, listQuery{size: 3})
	if err != nil || len(page) != 3 || total != 10000 || rel != "gte" {
		t.Fatalf("page %d total %d %s %v", len(page), total, rel, err)
	}
}

func TestUpdateMovesConfigToTheEndOfTies(t *testing.T) {
	s, _ := newTestService(t, Options{})
	for _, id := range []string{"a", "b", "c"} {
		create(t, s, slackBody(id, id, "https://s"))
	}
	// Same clock: all timestamps tie, so doc order (last write last) decides.
	mustOK(t, s, OpUpdate, "a", nil, `{"config":{"name":"a2","config_type":"slack","slack":{"url":"https://s"}}}`)
	if ids := strings.Join(configIDs(t, mustOK(t, s, OpList, "", nil, "")), ","); ids != "b,c,a" {
		t.Fatalf("ids %s", ids)
	}
}

func TestAnalyze(t *testing.T) {
	got := strings.Join(analyze("https://Hooks.Slack.com/services/T1 ops-team, ünïcode 42"), "|")
	want := "https|hooks.slack.com|services|t1|ops|team|ünïcode|42"
	if got != want {
		t.Fatalf("got %s want %s", got, want)
	}
}

func TestWildcardMatch(t *testing.T) {
	cases := []struct {
		p, s string
		want bool
	}{
		{"*", "", true}, {"a*", "abc", true}, {"*c", "abc", true}, {"a?c", "abc", true},
		{"a?c", "ac", false}, {"*b*", "abc", true}, {"a*b*c", "axxbyyc", true}, {"a*b*c", "axxbyy", false},
		{"https*", "https://x/y", true},
	}
	for _, c := range cases {
		if got := wildcard.CompileNoEscape(c.p).Match(c.s); got != c.want {
			t.Errorf("%q ~ %q = %v", c.p, c.s, got)
		}
	}
}
