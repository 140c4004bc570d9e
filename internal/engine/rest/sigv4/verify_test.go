package sigv4

import (
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"
)

// The example credential and scope of AWS's published SigV4 test suite.
var suiteKey = Key{AccessKeyID: "AKIDEXAMPLE", SecretAccessKey: "wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY", Region: "us-east-1", Service: "service"}

var suiteTime = time.Date(2015, 8, 30, 12, 36, 0, 0, time.UTC)

// suiteRequest builds a request of the suite, signed with the published signature.
func suiteRequest(method, target, contentType, body, signedHeaders, signature string) *http.Request {
	r := httptest.NewRequest(method, target, strings.NewReader(body))
	r.Host = "example.amazonaws.com"
	r.Header.Set("X-Amz-Date", "20150830T123600Z")
	if contentType != "" {
		r.Header.Set("Content-Type", contentType)
	}
	r.Header.Set("Authorization", "AWS4-HMAC-SHA256 Credential=AKIDEXAMPLE/20150830/us-east-1/service/aws4_request, SignedHeaders="+signedHeaders+", Signature="+signature)
	return r
}

// TestAcceptsTheSuiteSignatures: the server accepts the published signatures
// of get-vanilla, get-vanilla-query-order-key-case, post-vanilla and
// post-x-www-form-urlencoded, and refuses each with one character changed.
func TestAcceptsTheSuiteSignatures(t *testing.T) {
	cases := []struct{ name, method, target, contentType, body, signed, sig string }{
		{"get-vanilla", "GET", "/", "", "", "host;x-amz-date", "5fa00fa31553b73ebf1942676e86291e8372ff2a2260956d9b8aae1d763fbf31"},
		{"get-vanilla-query-order-key-case", "GET", "/?Param2=value2&Param1=value1", "", "", "host;x-amz-date", "b97d918cfa904a5beff61c982a1b6f458b799221646efd99d3219ec94cdf2500"},
		{"post-vanilla", "POST", "/", "", "", "host;x-amz-date", "5da7c1a2acd57cee7505fc6676e4e544621c30862966e37dddb68e92efbe5d6b"},
		{"post-x-www-form-urlencoded", "POST", "/", "application/x-www-form-urlencoded", "Param1=value1", "content-type;host;x-amz-date", "ff11897932ad3f4e8b18135d722051e5ac45fc38421b1da7b9d196a0fe09473a"},
	}
	for _, c := range cases {
		r := suiteRequest(c.method, c.target, c.contentType, c.body, c.signed, c.sig)
		if refusal := Verify(r, []byte(c.body), suiteKey, suiteTime); refusal != nil {
			t.Errorf("%s refused: %s", c.name, refusal.Body)
		}
		bad := "0" + c.sig[1:]
		if c.sig[0] == '0' {
			bad = "1" + c.sig[1:]
		}
		r = suiteRequest(c.method, c.target, c.contentType, c.body, c.signed, bad)
		if refusal := Verify(r, []byte(c.body), suiteKey, suiteTime); refusal == nil || !strings.HasPrefix(refusal.Body, `{"message":"The request signature we calculated does not match`) {
			t.Errorf("%s with a wrong signature: %v", c.name, refusal)
		}
	}
}

func TestMismatchNamesTheExpectedCanonicalRequest(t *testing.T) {
	r := suiteRequest("GET", "/", "", "", "host;x-amz-date", strings.Repeat("0", 64))
	refusal := Verify(r, nil, suiteKey, suiteTime)
	want := `{"message":"The request signature we calculated does not match the signature you provided. Check your AWS Secret Access Key and signing method. Consult the service documentation for details.\n\n` +
		`The Canonical String for this request should have been\n'GET\n/\n\nhost:example.amazonaws.com\nx-amz-date:20150830T123600Z\n\nhost;x-amz-date\ne3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855'\n\n` +
		`The String-to-Sign should have been\n'AWS4-HMAC-SHA256\n20150830T123600Z\n20150830/us-east-1/service/aws4_request\nbb579772317eb040ac9ed261061d46c1f17a8133879d6129b6e1c25292927e63'\n"}`
	if refusal == nil || refusal.Status != 403 || refusal.Body != want {
		t.Fatalf("refusal:\n%v\nwant:\n%s", refusal, want)
	}
}

func TestRefusals(t *testing.T) {
	good := "5fa00fa31553b73ebf1942676e86291e8372ff2a2260956d9b8aae1d763fbf31"
	cases := []struct {
		name string
		edit func(r *http.Request)
		now  time.Time
		key  Key
		want string
	}{
		{"expired", nil, suiteTime.Add(10 * time.Minute), suiteKey,
			`{"message":"Signature expired: 20150830T123600Z is now earlier than 20150830T124100Z (20150830T124600Z - 5 min.)"}`},
		{"from the future", nil, suiteTime.Add(-6 * time.Minute), suiteKey,
			`{"message":"Signature not yet current: 20150830T123600Z is still later than 20150830T123500Z (20150830T123000Z + 5 min.)"}`},
		{"unknown key", nil, suiteTime, Key{AccessKeyID: "OTHER", SecretAccessKey: "x", Region: "us-east-1", Service: "service"},
			`{"message":"The security token included in the request is invalid."}`},
		{"other service", nil, suiteTime, Key{AccessKeyID: "AKIDEXAMPLE", SecretAccessKey: "x", Region: "us-east-1", Service: "es"},
			`{"message":"Credential should be scoped to correct service: 'es'. "}`},
		{"unsigned", func(r *http.Request) { r.Header.Del("Authorization") }, suiteTime, Key{Service: "es"},
			`{"Message":"User: anonymous is not authorized to perform: es:ESHttpGet because no resource-based policy allows the es:ESHttpGet action"}`},
		{"no date", func(r *http.Request) { r.Header.Del("X-Amz-Date") }, suiteTime, suiteKey,
			`{"message":"Authorization header requires existence of either a 'X-Amz-Date' or a 'Date' header. Authorization=AWS4-HMAC-SHA256 Credential=AKIDEXAMPLE/20150830/us-east-1/service/aws4_request, SignedHeaders=host;x-amz-date, Signature=` + good + `"}`},
	}
	for _, c := range cases {
		r := suiteRequest("GET", "/", "", "", "host;x-amz-date", good)
		if c.edit != nil {
			c.edit(r)
		}
		refusal := Verify(r, nil, c.key, c.now)
		if refusal == nil || refusal.Status != http.StatusForbidden || refusal.Body != c.want {
			t.Errorf("%s: %v\nwant %s", c.name, refusal, c.want)
		}
	}
}
