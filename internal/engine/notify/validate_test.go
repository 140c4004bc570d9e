package notify

import (
	"strings"
	"testing"
)

func TestCreateValidationErrors(t *testing.T) {
	cfg := func(inner string) string { return `{"config":{` + inner + `}}` }
	slack := func(url string) string {
		return cfg(`"name":"n","config_type":"slack","slack":{"url":"` + url + `"}`)
	}
	smtp := func(block string) string {
		return cfg(`"name":"n","config_type":"smtp_account","smtp_account":{` + block + `}`)
	}
	iae := "illegal_argument_exception"
	cases := []struct {
		name, body  string
		status      int
		typ, reason string
	}{
		{"empty body", ``, 400, "parse_exception", "request body is required"},
		{"not an object", `[1]`, 400, "parsing_exception", "Failed to parse object: expecting token of type [START_OBJECT] but found [START_ARRAY]"},
		{"no config", `{"config_id":"x"}`, 400, iae, "config field absent"},
		{"config not object", `{"config":"x"}`, 400, "parsing_exception", "Failed to parse object: expecting token of type [START_OBJECT] but found [VALUE_STRING]"},
		{"no name", cfg(`"config_type":"slack","slack":{"url":"https://s"}`), 400, iae, "name field absent"},
		{"empty name", cfg(`"name":"","config_type":"slack","slack":{"url":"https://s"}`), 400, iae, "name is null or empty"},
		{"null name", cfg(`"name":null,"config_type":"slack"`), 500, "illegal_state_exception", "Can't get text on a VALUE_NULL at 1:19"},
		{"object name", "{\n \"config\":{\"name\":{},\"config_type\":\"slack\"}}", 500, "illegal_state_exception", "Can't get text on a START_OBJECT at 2:19"},
		{"no type", cfg(`"name":"n","slack":{"url":"https://s"}`), 400, iae, "config_type field absent"},
		{"type mismatch", cfg(`"name":"n","config_type":"chime","slack":{"url":"https://s"}`), 400, iae, "ConfigType: chime and data doesn't match"},
		{"missing data", cfg(`"name":"n","config_type":"webhook"`), 400, iae, "ConfigType: webhook and data doesn't match"},
		{"first data wins", cfg(`"name":"n","config_type":"chime","slack":{"url":"https://s"},"chime":{"url":"https://c"}`), 400, iae, "ConfigType: chime and data doesn't match"},
		{"unknown type", cfg(`"name":"n","config_type":"foo"`), 406, "status_exception", "NotificationConfig with type NONE is not acceptable"},
		{"bad is_enabled", cfg(`"name":"n","config_type":"slack","is_enabled":"yes"`), 400, iae, "Failed to parse value [yes] as only [true] or [false] are allowed."},
		{"numeric is_enabled", cfg(`"name":"n","config_type":"slack","is_enabled":1`), 400, "json_parse_exception", "Current token (VALUE_NUMBER_INT) not of boolean type"},
		{"bad id", `{"config_id":"a b#c","config":{"name":"n","config_type":"slack","slack":{"url":"https://s"}}}`, 400, iae, "Invalid characters in id :  #"},
		{"blank id", `{"config_id":"","config":{"name":"n","config_type":"slack","slack":{"url":"https://s"}}}`, 400, iae, "Invalid characters in id : "},
		{"no url", cfg(`"name":"n","config_type":"slack","slack":{}`), 400, iae, "url field absent"},
		{"empty url", slack(""), 400, iae, "URL is null or empty"},
		{"no protocol", slack("domain.com/x"), 500, "malformed_url_exception", "no protocol: domain.com/x"},
		{"unknown protocol", slack("foo://x"), 500, "malformed_url_exception", "unknown protocol: foo"},
		{"bad port", slack("http://h:8a/"), 500, "malformed_url_exception", `Error at index 1 in: "8a"`},
		{"ftp", slack("ftp://x"), 400, iae, "Invalid URL or unsupported"},
		{"teams url", cfg(`"name":"n","config_type":"microsoft_teams","microsoft_teams":{"url":"https://example.com"}}`), 400, "status_exception", `Wrong Microsoft Teams url. Should contain "webhook.office.com"`},
		{"webhook header not object", cfg(`"name":"n","config_type":"webhook","webhook":{"url":"https://s","header_params":[]}`), 400, "parsing_exception", "Failed to parse object: expecting token of type [START_OBJECT] but found [START_ARRAY]"},
		{"smtp no host", smtp(`"port":25,"method":"none","from_address":"a@b.co"`), 400, iae, "host field absent"},
		{"smtp no port", smtp(`"host":"h","method":"none","from_address":"a@b.co"`), 400, iae, "port field absent"},
		{"smtp no method", smtp(`"host":"h","port":25,"from_address":"a@b.co"`), 400, iae, "method field absent"},
		{"smtp no from", smtp(`"host":"h","port":25,"method":"none"`), 400, iae, "from_address field absent"},
		{"smtp empty host", smtp(`"host":"","port":25,"method":"none","from_address":"a@b.co"`), 400, iae, "host is null or empty"},
		{"smtp zero port", smtp(`"host":"h","port":0,"method":"none","from_address":"a@b.co"`), 400, iae, "port should be positive value"},
		{"smtp text port", smtp(`"host":"h","port":"abc","method":"none","from_address":"a@b.co"`), 400, "number_format_exception", `For input string: "abc"`},
		{"smtp huge port", smtp(`"host":"h","port":3000000000,"method":"none","from_address":"a@b.co"`), 400, "input_coercion_exception", "Numeric value (3000000000) out of range of int (-2147483648 - 2147483647)"},
		{"smtp bad from", smtp(`"host":"h","port":25,"method":"none","from_address":"nope"`), 400, iae, "Invalid email address"},
		{"ses no region", cfg(`"name":"n","config_type":"ses_account","ses_account":{"from_address":"a@b.co"}`), 400, iae, "region field absent"},
		{"ses empty region", cfg(`"name":"n","config_type":"ses_account","ses_account":{"region":"","from_address":"a@b.co"}`), 400, iae, "awsRegion is null or empty"},
		{"ses no from", cfg(`"name":"n","config_type":"ses_account","ses_account":{"region":"r"}`), 400, iae, "from_address field absent"},
		{"ses bad role", cfg(`"name":"n","config_type":"ses_account","ses_account":{"region":"r","from_address":"a@b.co","role_arn":"arn:x"}`), 400, iae, "Invalid AWS role ARN: arn:x "},
		{"sns no topic", cfg(`"name":"n","config_type":"sns","sns":{}`), 400, iae, "topic_arn field absent"},
		{"sns bad topic", cfg(`"name":"n","config_type":"sns","sns":{"topic_arn":"arn:aws:sns:us-east-1:123:t"}`), 400, iae, "Invalid AWS SNS topic ARN: arn:aws:sns:us-east-1:123:t"},
		{"sns bad role", cfg(`"name":"n","config_type":"sns","sns":{"topic_arn":"arn:aws:sns:us-east-1:012345678912:t","role_arn":"r"}`), 400, iae, "Invalid AWS role ARN: r "},
		{"email no account", cfg(`"name":"n","config_type":"email","email":{}`), 400, iae, "email_account_id field absent"},
		{"email empty account", cfg(`"name":"n","config_type":"email","email":{"email_account_id":""}`), 400, iae, "emailAccountID is null or empty"},
		{"email string recipients", cfg(`"name":"n","config_type":"email","email":{"email_account_id":"a","recipient_list":["x@y.co"]}`), 400, "parsing_exception", "Failed to parse object: expecting token of type [START_OBJECT] but found [VALUE_STRING]"},
		{"recipient absent", cfg(`"name":"n","config_type":"email_group","email_group":{"recipient_list":[{}]}`), 400, iae, "recipient field absent"},
		{"recipient invalid", cfg(`"name":"n","config_type":"email_group","email_group":{"recipient_list":[{"recipient":"bad"}]}`), 400, iae, "Invalid email address"},
		{"group no list", cfg(`"name":"n","config_type":"email_group","email_group":{}`), 400, iae, "recipient_list field absent"},
		{"email account in groups", cfg(`"name":"n","config_type":"email","email":{"email_account_id":"a","email_group_id_list":["a"]}`), 400, "status_exception", "Config IDs a is in both emailAccountID and emailGroupIds"},
		{"email refs missing", cfg(`"name":"n","config_type":"email","email":{"email_account_id":"a","email_group_id_list":["g1","smtp","g2"]}`), 404, "status_exception", "Config IDs not found:[a, g1, g2]"},
		{"email group as account", cfg(`"name":"n","config_type":"email","email":{"email_account_id":"grp"}`), 406, "status_exception", "configId grp is not a valid email account ID"},
		{"email account as group", cfg(`"name":"n","config_type":"email","email":{"email_account_id":"smtp","email_group_id_list":["ses"]}`), 406, "status_exception", "configId ses is not a valid email group ID"},
		{"email slack as group", cfg(`"name":"n","config_type":"email","email":{"email_account_id":"smtp","email_group_id_list":["slk"]}`), 406, "status_exception", "configId slk is not a valid email group ID or email account ID"},
		{"malformed json", `{"config":`, 400, "json_parse_exception", "Unexpected end-of-input within/between Object entries\n at " + jacksonSource + "line: 1, column: 11]"},
		{"duplicate key", `{"config":{"name":"a","name":"b"}}`, 400, "json_parse_exception", "Duplicate field 'name'\n at " + jacksonSource + "line: 1, column: 29]"},
	}
	s, _ := newTestService(t, Options{})
	create(t, s, `{"config_id":"smtp","config":{"name":"n","config_type":"smtp_account","smtp_account":{"host":"h","port":25,"method":"none","from_address":"a@b.co"}}}`)
	create(t, s, `{"config_id":"ses","config":{"name":"n","config_type":"ses_account","ses_account":{"region":"r","from_address":"a@b.co"}}}`)
	create(t, s, `{"config_id":"grp","config":{"name":"n","config_type":"email_group","email_group":{"recipient_list":[]}}}`)
	create(t, s, slackBody("slk", "n", "https://s"))
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			mustFail(t, s, OpCreate, "", nil, c.body, c.status, c.typ, c.reason)
		})
	}
}

// jacksonSource starts Jackson's location suffix as OpenSearch 2.x prints it.
const jacksonSource = "[Source: REDACTED (`StreamReadFeature.INCLUDE_SOURCE_IN_LOCATION` disabled); "

func TestParsingErrorCarriesPosition(t *testing.T) {
	s, _ := newTestService(t, Options{})
	_, err := call(t, s, OpCreate, "", nil, "{\n  \"config\": \"x\"}")
	if err == nil || err.Line != 2 || err.Col != 13 {
		t.Fatalf("got %+v", err)
	}
}

func TestUnknownFieldsAreSkipped(t *testing.T) {
	s, _ := newTestService(t, Options{})
	id := create(t, s, `{"extra":{"deep":[1,2]},"config_id":"x","config":{"name":"n","feature_list":["alerting"],"config_type":"slack","slack":{"url":"https://s","other":1}}}`)
	got := mustOK(t, s, OpGet, id, nil, "")
	if !strings.HasSuffix(got, `"config":{"name":"n","description":"","config_type":"slack","is_enabled":true,"slack":{"url":"https://s"}}}]}`) {
		t.Fatalf("got %s", got)
	}
}

func TestEmailRegexMatchesJava(t *testing.T) {
	// Expected values produced by java.util.regex with the plugin's pattern.
	cases := map[string]bool{
		"a@b.co": true, "A@B.CO": true, "a.b@c.d": true, ".a@b.co": false, "a..b@c.co": false,
		"a@b": false, "a@-b.co": false, "a@b-.co": false, `"quoted"@b.co`: true, `"q\"x"@b.co`: true,
		"a@[127.0.0.1]": true, "a@[256.0.0.1]": false, "a@[tag:xyz]": false, "a b@c.co": false,
		"a@b.co ": false, " a@b.co": false, "ü@b.co": false, "a@b.c_o": false, "x+y=z@ex-ample.com": true,
	}
	for in, want := range cases {
		if got := validEmail(in); got != want {
			t.Errorf("validEmail(%q) = %v, want %v", in, got, want)
		}
	}
}

func TestCheckURLMatchesJava(t *testing.T) {
	// Outcomes of new java.net.URL(spec) on JDK 17/21 plus the http(s) check.
	cases := map[string]string{
		"domain.com/x":     "no protocol: domain.com/x",
		"ftp://x":          "Invalid URL or unsupported",
		"foo://x":          "unknown protocol: foo",
		"http://h:abc/":    `Error at index 0 in: "abc"`,
		"  http://x  ":     "",
		"HTTP://x":         "",
		"mailto:x":         "Invalid URL or unsupported",
		"http:x":           "",
		"http://h:80:90/":  `Error at index 2 in: "80:90"`,
		"http://[::1]:8a/": `Error at index 1 in: "8a"`,
		"1http://x":        "no protocol: 1http://x",
		"url:http://x":     "",
		"http://h:/p":      "",
		":x":               "no protocol: :x",
	}
	for in, want := range cases {
		got := ""
		if err := checkURL(in); err != nil {
			got = err.Reason
		}
		if got != want {
			t.Errorf("checkURL(%q) = %q, want %q", in, got, want)
		}
	}
}

func TestHeaderOrderMatchesJavaHashMap(t *testing.T) {
	// Orders printed by java.util.HashMap.keySet() for these insertions.
	cases := []struct{ in, want string }{
		{"X-Zeta,Content-Type,A", "A,X-Zeta,Content-Type"},
		{"k1,k2,k3,k4,k5,k6,k7,k8,k9,k10,k11,k12,k13,k14,Authorization,X-Api-Key",
			"k1,k2,k3,k4,k5,k11,k6,k10,k7,k13,k8,k12,k9,k14,Authorization,X-Api-Key"},
	}
	for _, c := range cases {
		var hs []header
		for _, k := range strings.Split(c.in, ",") {
			hs = append(hs, header{Name: k})
		}
		var names []string
		for _, h := range javaHashMapOrder(hs, headerName) {
			names = append(names, h.Name)
		}
		if got := strings.Join(names, ","); got != c.want {
			t.Errorf("got %s want %s", got, c.want)
		}
	}
}

func TestARNChecks(t *testing.T) {
	if !snsARNPattern.MatchString("arn:aws-cn:sns:cn-north-1:012345678912:a.fifo") {
		t.Error("valid topic ARN refused")
	}
	// Java's $ also matches before a final line terminator.
	if !roleARNPattern.MatchString("arn:aws:iam::012345678912:role/x\n") {
		t.Error("role ARN with trailing newline refused")
	}
	if roleARNPattern.MatchString("arn:aws:iam::012345678912:role/x\n\n") {
		t.Error("role ARN with two trailing newlines accepted")
	}
}

func TestInvalidUTF8IsAParseError(t *testing.T) {
	s, _ := newTestService(t, Options{})
	mustFail(t, s, OpCreate, "", nil, "{\"config\":{\"name\":\"n\xff\"}}", 400, "json_parse_exception",
		"Invalid UTF-8 start byte 0xff\n at "+jacksonSource+"line: 1, column: 22]")
}
