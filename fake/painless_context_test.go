package fake

import (
	"strings"
	"testing"
)

// TestPainlessContextAPI checks GET /_scripts/painless/_context: the sorted
// context list and 2.19's errors for an unknown or empty context name.
func TestPainlessContextAPI(t *testing.T) {
	s := newTestServer(t)
	expect(t, s, "GET", "/_scripts/painless/_context", "", 200,
		`{"contexts":["aggregation_selector","aggs","aggs_combine","aggs_init","aggs_map","aggs_reduce","bucket_aggregation",`+
			`"derived_field","field","filter","ingest","interval","moving-function","number_sort","painless_test","processor_conditional",`+
			`"score","script_heuristic","search","similarity","similarity_weight","string_sort","template","terms_set","update"]}`)
	expect(t, s, "GET", "/_scripts/painless/_context?context=nope", "", 400,
		`{"error":{"root_cause":[{"type":"illegal_argument_exception","reason":"script context [nope] not found"}],"type":"illegal_argument_exception","reason":"script context [nope] not found"},"status":400}`)
	expect(t, s, "GET", "/_scripts/painless/_context?context=", "", 400,
		`{"error":{"root_cause":[{"type":"illegal_argument_exception","reason":"script context [] not found"}],"type":"illegal_argument_exception","reason":"script context [] not found"},"status":400}`)
	expect(t, s, "GET", "/_scripts/painless/_context?bogus=1", "", 400, `{"error":{"root_cause":[{"type":"illegal_argument_exception","reason":"request [/_scripts/painless/_context] contains unrecognized parameter: [bogus]"}],"type":"illegal_argument_exception","reason":"request [/_scripts/painless/_context] contains unrecognized parameter: [bogus]"},"status":400}`)
}

// TestPainlessContextListing checks ?context= against what 2.19's source
// says: PainlessContextInfo's key order, classes sorted by Java name with
// the primitives first, Object's methods copied into an interface, imported
// methods and class bindings sorted by name/arity (k-NN's functions first in
// score), read_only as the binding constructor's arity, and each context's
// own allowlist (ingest's String.sha1 and ingest-common's Processors,
// moving-function's MovingFunctions).
func TestPainlessContextListing(t *testing.T) {
	s := newTestServer(t)
	get := func(context string) string {
		t.Helper()
		code, _, body := call(t, s, "GET", "/_scripts/painless/_context?context="+context, "")
		if code != 200 {
			t.Fatalf("%s: status %d: %.300s", context, code, body)
		}
		return body
	}
	empty := `"constructors":[],"static_methods":[],"methods":[],"static_fields":[],"fields":[]}`
	object := `{"declaring":"java.lang.Object","name":"equals","return":"boolean","parameters":["java.lang.Object"]},` +
		`{"declaring":"java.lang.Object","name":"hashCode","return":"int","parameters":[]},` +
		`{"declaring":"java.lang.Object","name":"toString","return":"java.lang.String","parameters":[]}`
	score := get("score")
	mustHave(t, score,
		`{"name":"score","classes":[{"name":"boolean","imported":true,`+empty+`,{"name":"byte","imported":true,`+empty+
			`,{"name":"char","imported":true,`+empty+`,{"name":"double","imported":true,`+empty+
			`,{"name":"float","imported":true,`+empty+`,{"name":"int","imported":true,`+empty+`,`+
			`{"name":"java.lang.Appendable","imported":true,"constructors":[],"static_methods":[],"methods":[`+
			`{"declaring":"java.lang.Appendable","name":"append","return":"java.lang.Appendable","parameters":["java.lang.CharSequence","int","int"]},`+
			object+`],"static_fields":[],"fields":[]},{"name":"java.lang.ArithmeticException",`,
		`{"name":"org.opensearch.script.ScoreScript","imported":false,"constructors":[],"static_methods":[],"methods":[`+object+`],"static_fields":[],"fields":[]}`,
		`"imported_methods":[`+
			`{"declaring":"org.opensearch.knn.plugin.script.KNNScoringUtil","name":"cosineSimilarity","return":"float","parameters":["java.util.List","org.opensearch.knn.index.KNNVectorScriptDocValues"]},`+
			`{"declaring":"org.opensearch.knn.plugin.script.KNNScoringUtil","name":"cosineSimilarity","return":"float","parameters":["java.util.List","org.opensearch.knn.index.KNNVectorScriptDocValues","java.lang.Number"]},`+
			`{"declaring":"org.opensearch.knn.plugin.script.KNNScoringUtil","name":"hamming","return":"float","parameters":["java.util.List","org.opensearch.knn.index.KNNVectorScriptDocValues"]},`+
			`{"declaring":"org.opensearch.knn.plugin.script.KNNScoringUtil","name":"innerProduct","return":"float","parameters":["java.util.List","org.opensearch.knn.index.KNNVectorScriptDocValues"]},`+
			`{"declaring":"org.opensearch.knn.plugin.script.KNNScoringUtil","name":"l1Norm","return":"float","parameters":["java.util.List","org.opensearch.knn.index.KNNVectorScriptDocValues"]},`+
			`{"declaring":"org.opensearch.knn.plugin.script.KNNScoringUtil","name":"l2Squared","return":"float","parameters":["java.util.List","org.opensearch.knn.index.KNNVectorScriptDocValues"]},`+
			`{"declaring":"org.opensearch.knn.plugin.script.KNNScoringUtil","name":"lInfNorm","return":"float","parameters":["java.util.List","org.opensearch.knn.index.KNNVectorScriptDocValues"]},`+
			`{"declaring":"org.opensearch.script.ScoreScriptUtils","name":"saturation","return":"double","parameters":["double","double"]},`+
			`{"declaring":"org.opensearch.script.ScoreScriptUtils","name":"sigmoid","return":"double","parameters":["double","double","double"]}],`,
		`"class_bindings":[`+
			decay("Date", "org.opensearch.script.JodaCompatibleZonedDateTime")+","+decay("Geo", "org.opensearch.common.geo.GeoPoint")+","+decay("Numeric", "double")+","+
			`{"declaring":"org.opensearch.script.ScoreScriptUtils$RandomScoreDoc","name":"randomScore","return":"double","read_only":2,"parameters":["org.opensearch.script.ScoreScript","int"]},`+
			`{"declaring":"org.opensearch.script.ScoreScriptUtils$RandomScoreField","name":"randomScore","return":"double","read_only":3,"parameters":["org.opensearch.script.ScoreScript","int","java.lang.String"]},`+
			`{"declaring":"org.opensearch.script.ScoreScriptUtils$SumTotalTermFreq","name":"sumTotalTermFreq","return":"long","read_only":1,"parameters":["org.opensearch.script.ScoreScript","java.lang.String"]},`+
			`{"declaring":"org.opensearch.script.ScoreScriptUtils$TermFreq","name":"termFreq","return":"int","read_only":1,"parameters":["org.opensearch.script.ScoreScript","java.lang.String","java.lang.String"]},`+
			`{"declaring":"org.opensearch.script.ScoreScriptUtils$TotalTermFreq","name":"totalTermFreq","return":"long","read_only":1,"parameters":["org.opensearch.script.ScoreScript","java.lang.String","java.lang.String"]}],`+
			`"instance_bindings":[]}`)
	if strings.Contains(score, `"name":"sha1"`) {
		t.Error("score's String has no sha1: that is ingest's and update's allowlist")
	}

	movFn := get("moving-function")
	static := func(name, params string) string {
		return `{"declaring":"org.opensearch.search.aggregations.pipeline.MovingFunctions","name":"` + name + `","return":"double","parameters":[` + params + `]}`
	}
	mustHave(t, movFn, `{"name":"org.opensearch.search.aggregations.pipeline.MovingFunctions","imported":true,"constructors":[],"static_methods":[`+
		static("ewma", `"[D","double"`)+","+static("holt", `"[D","double","double"`)+","+
		static("holtWinters", `"[D","double","double","double","int","boolean"`)+","+static("linearWeightedAvg", `"[D"`)+","+
		static("max", `"[D"`)+","+static("min", `"[D"`)+","+static("stdDev", `"[D","double"`)+","+static("sum", `"[D"`)+","+
		static("unweightedAvg", `"[D"`)+`],"methods":[`+object+`],"static_fields":[],"fields":[]}`,
		`"imported_methods":[],"class_bindings":[],"instance_bindings":[]}`)

	derived := get("derived_field")
	emit := func(kind, params string) string {
		return `{"declaring":"org.opensearch.script.ScriptEmitValues$` + kind + `","name":"emit` + kind + `","return":"void","read_only":1,"parameters":["org.opensearch.script.DerivedFieldScript",` + params + `]}`
	}
	mustHave(t, derived, `"class_bindings":[`+emit("Boolean", `"boolean"`)+","+emit("Double", `"double"`)+","+
		emit("GeoPoint", `"double","double"`)+","+emit("Long", `"long"`)+","+emit("String", `"java.lang.String"`)+`]`)

	ingest := get("ingest")
	proc := func(name, ret, params string) string {
		return `{"declaring":"org.opensearch.ingest.common.Processors","name":"` + name + `","return":"` + ret + `","parameters":[` + params + `]}`
	}
	mustHave(t, ingest, `{"name":"org.opensearch.ingest.common.Processors","imported":true,"constructors":[],"static_methods":[`+
		proc("bytes", "long", `"java.lang.String"`)+","+proc("json", "java.lang.Object", `"java.lang.Object"`)+","+
		proc("json", "void", `"java.util.Map","java.lang.String"`)+","+proc("lowercase", "java.lang.String", `"java.lang.String"`)+","+
		proc("uppercase", "java.lang.String", `"java.lang.String"`)+","+proc("urlDecode", "java.lang.String", `"java.lang.String"`)+
		`],"methods":[`+object+`],"static_fields":[],"fields":[]}`)
	if strings.Contains(score, "org.opensearch.ingest.common.Processors") {
		t.Error("Processors is ingest-common's allowlist for the ingest context only")
	}
	mustHave(t, ingest, `{"declaring":"org.opensearch.painless.api.Augmentation","name":"sha1","return":"java.lang.String","parameters":[]},`+
		`{"declaring":"org.opensearch.painless.api.Augmentation","name":"sha256","return":"java.lang.String","parameters":[]}`)

	for _, name := range []string{"aggs", "painless_test", "field", "update", "template"} {
		body := get(name)
		if !strings.HasPrefix(body, `{"name":"`+name+`","classes":[{"name":"boolean",`) {
			t.Errorf("%s: %.80s", name, body)
		}
	}
}

// decay is the three class bindings of one decay family, in name order.
func decay(family, origin string) string {
	origins := `"java.lang.String","java.lang.String","java.lang.String","double",`
	if family == "Numeric" {
		origins = `"double","double","double","double",`
	}
	var out []string
	for _, kind := range []string{"Exp", "Gauss", "Linear"} {
		out = append(out, `{"declaring":"org.opensearch.script.ScoreScriptUtils$Decay`+family+kind+`","name":"decay`+family+kind+
			`","return":"double","read_only":4,"parameters":[`+origins+`"`+origin+`"]}`)
	}
	return strings.Join(out, ",")
}

func mustHave(t *testing.T, body string, parts ...string) {
	t.Helper()
	for _, p := range parts {
		if !strings.Contains(body, p) {
			t.Errorf("body lacks\n%s", p)
		}
	}
}
