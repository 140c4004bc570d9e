package main

// base is Allowlist.BASE_ALLOWLIST_FILES: every context starts from these.
var base = []string{
	"org.opensearch.txt", "java.lang.txt", "java.math.txt", "java.text.txt", "java.time.txt",
	"java.time.chrono.txt", "java.time.format.txt", "java.time.temporal.txt", "java.time.zone.txt",
	"java.util.txt", "java.util.function.txt", "java.util.regex.txt", "java.util.stream.txt",
}

// knn is the k-NN plugin's allowlist (KNNAllowlistExtension, 2.19.x).
const knn = "knn_allowlist.txt"

// processors is ingest-common's allowlist (ProcessorsAllowlistExtension):
// the Processors class of ingest scripts.
const processors = "processors_allowlist.txt"

func with(extra ...string) []string { return append(append([]string(nil), base...), extra...) }

// contexts are the script contexts of a 2.19 node with the fake's modules
// (lang-painless, ingest-common, reindex) and k-NN, each with its allowlist
// files in load order: ScriptModule's core contexts and painless_test,
// PainlessModulePlugin's per-context map (moving-function, score, ingest,
// update, derived_field), then the extensions': ingest-common's (ingest)
// and k-NN's (score, the four scripted-metric contexts, field).
var contexts = []struct {
	name  string
	files []string
}{
	{"field", with(knn)},
	{"aggs", base},
	{"score", with("org.opensearch.score.txt", knn)},
	{"number_sort", base},
	{"string_sort", base},
	{"terms_set", base},
	{"update", with("org.opensearch.update.txt")},
	{"bucket_aggregation", base},
	{"aggregation_selector", base},
	{"script_heuristic", base},
	{"ingest", with("org.opensearch.ingest.txt", processors)},
	{"processor_conditional", base},
	{"search", base},
	{"filter", base},
	{"similarity", base},
	{"similarity_weight", base},
	{"template", base},
	{"moving-function", with("org.opensearch.aggs.movfn.txt")},
	{"aggs_init", with(knn)},
	{"aggs_map", with(knn)},
	{"aggs_combine", with(knn)},
	{"aggs_reduce", with(knn)},
	{"interval", base},
	{"derived_field", with("org.opensearch.derived.txt")},
	{"painless_test", base},
}

// localClass is what reflection would say of a class no JDK has, read from
// its 2.19 source: its supertypes and which of its allowlisted members are
// static. Its allowlisted members are declared by the class itself.
type localClass struct {
	super      string
	iface      bool
	interfaces []string
	static     map[string]bool
}

const (
	object    = "java.lang.Object"
	docValues = "org.opensearch.index.fielddata.ScriptDocValues"
	binaryDV  = "org.opensearch.index.fielddata.ScriptDocValues$BinaryScriptDocValues"
)

var local = map[string]localClass{
	defClass:                             {super: object},
	"org.opensearch.painless.api.Debug":  {super: object, static: map[string]bool{"explain": true}},
	"org.opensearch.common.geo.GeoPoint": {super: object},
	docValues:                            {super: "java.util.AbstractList"},
	binaryDV:                             {super: docValues},
	docValues + "$Strings":               {super: binaryDV},
	docValues + "$BytesRefs":             {super: binaryDV},
	docValues + "$Longs":                 {super: docValues},
	docValues + "$UnsignedLongs":         {super: docValues},
	docValues + "$Dates":                 {super: docValues},
	docValues + "$Doubles":               {super: docValues},
	docValues + "$GeoPoints":             {super: docValues},
	docValues + "$Booleans":              {super: docValues},
	"org.apache.lucene.util.BytesRef":    {super: object, interfaces: []string{"java.lang.Comparable", "java.lang.Cloneable"}},
	"org.opensearch.index.mapper.IpFieldMapper$IpFieldType$IpScriptDocValues": {super: docValues},
	"org.opensearch.search.lookup.FieldLookup":                                {super: object},
	"org.opensearch.index.similarity.ScriptedSimilarity$Query":                {super: object},
	"org.opensearch.index.similarity.ScriptedSimilarity$Field":                {super: object},
	"org.opensearch.index.similarity.ScriptedSimilarity$Term":                 {super: object},
	"org.opensearch.index.similarity.ScriptedSimilarity$Doc":                  {super: object},
	"org.opensearch.index.query.IntervalFilterScript$Interval":                {super: object},
	"org.opensearch.script.ScoreScript$ExplanationHolder":                     {super: object},
	"org.opensearch.script.ScoreScript":                                       {super: object},
	"org.opensearch.script.DerivedFieldScript":                                {super: object},
	"org.opensearch.script.JodaCompatibleZonedDateTime": {super: object, interfaces: []string{
		"java.lang.Comparable", "java.time.chrono.ChronoZonedDateTime", "java.time.temporal.Temporal", "java.time.temporal.TemporalAccessor"}},
	"org.opensearch.script.ScoreScriptUtils": {super: object, static: map[string]bool{"saturation": true, "sigmoid": true}},
	"org.opensearch.search.aggregations.pipeline.MovingFunctions": {super: object, static: map[string]bool{
		"max": true, "min": true, "sum": true, "stdDev": true, "unweightedAvg": true, "linearWeightedAvg": true,
		"ewma": true, "holt": true, "holtWinters": true}},
	"org.opensearch.knn.index.KNNVectorScriptDocValues": {super: docValues},
	"org.opensearch.ingest.common.Processors": {super: object, static: map[string]bool{
		"bytes": true, "lowercase": true, "uppercase": true, "json": true, "urlDecode": true}},
	"org.opensearch.knn.plugin.script.KNNScoringUtil": {super: object, static: map[string]bool{
		"l2Squared": true, "lInfNorm": true, "l1Norm": true, "innerProduct": true, "cosineSimilarity": true, "hamming": true}},
}

// bindingArity is each class binding's constructor arity (the listing's
// read_only), from ScoreScriptUtils and ScriptEmitValues of 2.19.
var bindingArity = map[string]int{
	"org.opensearch.script.ScoreScriptUtils$TermFreq":           1,
	"org.opensearch.script.ScoreScriptUtils$TotalTermFreq":      1,
	"org.opensearch.script.ScoreScriptUtils$SumTotalTermFreq":   1,
	"org.opensearch.script.ScoreScriptUtils$RandomScoreField":   3,
	"org.opensearch.script.ScoreScriptUtils$RandomScoreDoc":     2,
	"org.opensearch.script.ScoreScriptUtils$DecayGeoLinear":     4,
	"org.opensearch.script.ScoreScriptUtils$DecayGeoExp":        4,
	"org.opensearch.script.ScoreScriptUtils$DecayGeoGauss":      4,
	"org.opensearch.script.ScoreScriptUtils$DecayNumericLinear": 4,
	"org.opensearch.script.ScoreScriptUtils$DecayNumericExp":    4,
	"org.opensearch.script.ScoreScriptUtils$DecayNumericGauss":  4,
	"org.opensearch.script.ScoreScriptUtils$DecayDateLinear":    4,
	"org.opensearch.script.ScoreScriptUtils$DecayDateExp":       4,
	"org.opensearch.script.ScoreScriptUtils$DecayDateGauss":     4,
	"org.opensearch.script.ScriptEmitValues$Long":               1,
	"org.opensearch.script.ScriptEmitValues$Double":             1,
	"org.opensearch.script.ScriptEmitValues$GeoPoint":           1,
	"org.opensearch.script.ScriptEmitValues$Boolean":            1,
	"org.opensearch.script.ScriptEmitValues$String":             1,
}
