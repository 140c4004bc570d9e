package fake

import (
	"encoding/json"
	"strings"
	"testing"
)

const simulateTS = `"_ingest":{"timestamp":"2023-11-14T22:13:20Z"}`

func TestIngestGrok(t *testing.T) {
	s := newTestServer(t)
	simulate(t, s, `{"grok":{"field":"m","patterns":["%{WORD:verb} %{NUMBER:n:int}"]}}`, `{"m":"GET 42"}`, 200,
		`{"docs":[{"doc":{"_index":"i","_id":"1","_source":{"verb":"GET","m":"GET 42","n":42},`+simulateTS+`}}]}`)
	simulate(t, s, `{"grok":{"field":"m","patterns":["%{INT:n}"]}}`, `{"m":"x"}`, 200,
		`{"docs":[{"error":{"root_cause":[{"type":"illegal_argument_exception","reason":"Provided Grok expressions do not match field value: [x]"}],"type":"illegal_argument_exception","reason":"Provided Grok expressions do not match field value: [x]"}}]}`)
	simulate(t, s, `{"grok":{"field":"m","patterns":["%{WORD:w}"]}}`, `{"m":5}`, 200,
		`{"docs":[{"error":{"root_cause":[{"type":"illegal_argument_exception","reason":"field [m] of type [java.lang.Integer] cannot be cast to [java.lang.String]"}],"type":"illegal_argument_exception","reason":"field [m] of type [java.lang.Integer] cannot be cast to [java.lang.String]"}}]}`)
	expect(t, s, "PUT", "/_ingest/pipeline/p", `{"processors":[{"grok":{"field":"m","tag":"t","patterns":["%{NOPE}"]}}]}`, 400,
		`{"error":{"root_cause":[{"type":"parse_exception","reason":"[patterns] Invalid regex pattern found in: [%{NOPE}]. Unable to find pattern [NOPE] in Grok's pattern dictionary","processor_type":"grok","processor_tag":"t","property_name":"patterns"}],"type":"parse_exception","reason":"[patterns] Invalid regex pattern found in: [%{NOPE}]. Unable to find pattern [NOPE] in Grok's pattern dictionary","processor_type":"grok","processor_tag":"t","property_name":"patterns"},"status":400}`)
	// capture_all_matches arrived in 3.3: 2.19 rejects it as unknown.
	expect(t, s, "PUT", "/_ingest/pipeline/p", `{"processors":[{"grok":{"field":"m","patterns":["x"],"capture_all_matches":true}}]}`, 400,
		`{"error":{"root_cause":[{"type":"parse_exception","reason":"processor [grok] doesn't support one or more provided configuration parameters [capture_all_matches]","processor_type":"grok"}],"type":"parse_exception","reason":"processor [grok] doesn't support one or more provided configuration parameters [capture_all_matches]","processor_type":"grok"},"status":400}`)
}

// The verbose simulation shows trace_match's _ingest._grok_match_index and
// an ignored failure.
func TestIngestGrokVerbose(t *testing.T) {
	s := newTestServer(t)
	doc := `"doc":{"_index":"i","_id":"1","_source":{"w":"GET","m":"GET"},"_ingest":{"pipeline":"_simulate_pipeline","_grok_match_index":"1","timestamp":"2023-11-14T22:13:20Z"}}`
	fail := `{"root_cause":[{"type":"illegal_argument_exception","reason":"Provided Grok expressions do not match field value: [GET]"}],"type":"illegal_argument_exception","reason":"Provided Grok expressions do not match field value: [GET]"}`
	expect(t, s, "POST", "/_ingest/pipeline/_simulate?verbose",
		`{"pipeline":{"processors":[{"grok":{"field":"m","patterns":["%{INT:n}x","%{WORD:w}"],"trace_match":true,"tag":"g"}},{"grok":{"field":"m","patterns":["%{INT:n}"],"ignore_failure":true}}]},"docs":[{"_index":"i","_id":"1","_source":{"m":"GET"}}]}`, 200,
		`{"docs":[{"processor_results":[{"processor_type":"grok","status":"success","tag":"g",`+doc+`},{"processor_type":"grok","status":"error_ignored","ignored_error":{"error":`+fail+`},`+doc+`}]}]}`)
}

// A grok pipeline on the index path: the first of several same-named
// captures wins (121_grok_capture_all_matches.yml's default case).
func TestIngestGrokOnIndex(t *testing.T) {
	s := newTestServer(t)
	expect(t, s, "PUT", "/_ingest/pipeline/g", `{"processors":[{"grok":{"field":"f","patterns":["%{IP:ip} %{IP:ip} %{IP:ip}"]}}]}`, 200, `{"acknowledged":true}`)
	expect(t, s, "PUT", "/t/_doc/1?pipeline=g", `{"f":"192.168.1.1 10.0.0.1 172.16.0.1"}`, 201, "")
	expect(t, s, "GET", "/t/_source/1", "", 200, `{"f":"192.168.1.1 10.0.0.1 172.16.0.1","ip":"192.168.1.1"}`)
}

func TestIngestGrokPatternListing(t *testing.T) {
	s := newTestServer(t)
	// Load order: the aws file first, squid last; a name defined twice
	// (JAVASTACKTRACEPART) keeps its first place with its last definition.
	body := expect(t, s, "GET", "/_ingest/processor/grok", "", 200,
		`{"patterns":{"S3_REQUEST_LINE":"(?:%{WORD:verb} %{NOTSPACE:request}(?: HTTP/%{NUMBER:httpversion})?|%{DATA:rawrequest})",<**>`+
			`"JAVASTACKTRACEPART":"at %{JAVACLASS:class}\\.%{WORD:method}\\(%{JAVAFILE:file}:%{NUMBER:line}\\)","JAVATHREAD":<**>`+
			`"SQUID3":"%{NUMBER:timestamp}\\s+%{NUMBER:duration}<**>"}}`)
	for _, want := range []string{`"USERNAME":"[a-zA-Z0-9._-]+","USER":"%{USERNAME}"`, `"PATH":"(?:%{UNIXPATH}|%{WINPATH})"`,
		`"BASE10NUM":"(?<![0-9.+-])(?>[+-]?(?:(?:[0-9]+(?:\\.[0-9]+)?)|(?:\\.[0-9]+)))"`} {
		if !strings.Contains(body, want) {
			t.Errorf("listing lacks %s", want)
		}
	}
	var listing struct{ Patterns map[string]string }
	if err := json.Unmarshal([]byte(body), &listing); err != nil || len(listing.Patterns) != 310 {
		t.Errorf("%d patterns (%v), want 310", len(listing.Patterns), err)
	}
	expect(t, s, "GET", "/_ingest/processor/grok?s", "", 200, `{"patterns":{"BACULA_CAPACITY":"%{INT}{1,3}(,%{INT}{3})*",<**>"WORD":"\\b\\w+\\b","YEAR":"(?>\\d\\d){1,2}"}}`)
	expect(t, s, "GET", "/_ingest/processor/grok?s=false", "", 200, `{"patterns":{"S3_REQUEST_LINE":<**>`)
	expect(t, s, "GET", "/_ingest/processor/grok?s=x", "", 400,
		`{"error":{"root_cause":[{"type":"illegal_argument_exception","reason":"Failed to parse value [x] as only [true] or [false] are allowed."}],"type":"illegal_argument_exception","reason":"Failed to parse value [x] as only [true] or [false] are allowed."},"status":400}`)
}

// On 3.3 and later grok takes capture_all_matches
// (121_grok_capture_all_matches.yml's enabled case).
func TestIngestGrokCaptureAllMatchesOn33(t *testing.T) {
	s := newTestServer(t, WithVersion("3.3.0"))
	expect(t, s, "PUT", "/_ingest/pipeline/g", `{"processors":[{"grok":{"field":"f","patterns":["%{IP:ip} %{IP:ip} %{IP:ip}"],"capture_all_matches":true}}]}`, 200, `{"acknowledged":true}`)
	expect(t, s, "PUT", "/t/_doc/1?pipeline=g", `{"f":"192.168.1.1 10.0.0.1 172.16.0.1"}`, 201, "")
	expect(t, s, "GET", "/t/_source/1", "", 200, `{"f":"192.168.1.1 10.0.0.1 172.16.0.1","ip":["192.168.1.1","10.0.0.1","172.16.0.1"]}`)
}
