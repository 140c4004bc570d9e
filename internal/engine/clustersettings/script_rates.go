package clustersettings

import (
	"regexp"
	"strconv"
	"strings"
	"time"

	"github.com/clustersearch/clustersearch-go/internal/engine/apierr"
)

// scriptRateKey matches the affix setting script.context.<name>.max_compilations_rate.
var scriptRateKey = regexp.MustCompile(`^script\.context\.([-\w]+)\.max_compilations_rate$`)

// defaultCompilationRate is the affix setting's default.
const defaultCompilationRate = "75/5m"

// scriptContextsModelled are the script contexts whose compilation limit the fake
// models: the update scripts and the search-time ones.
var scriptContextsModelled = map[string]bool{"update": true, "filter": true, "score": true, "field": true, "number_sort": true, "string_sort": true}

// scriptContextsKnown are the script contexts of a default 2.x node; a
// rate for any other name fails ScriptService.validateCacheSettings.
var scriptContextsKnown = map[string]bool{"aggregation_selector": true, "aggs": true, "aggs_combine": true, "aggs_init": true,
	"aggs_map": true, "aggs_reduce": true, "analysis": true, "bucket_aggregation": true, "field": true, "filter": true,
	"ingest": true, "interval": true, "moving-function": true, "number_sort": true, "painless_test": true,
	"processor_conditional": true, "score": true, "script_heuristic": true, "similarity": true, "similarity_weight": true,
	"string_sort": true, "template": true, "terms_set": true, "update": true}

// CompilationRate is a parsed script.context.*.max_compilations_rate.
type CompilationRate struct {
	Text      string // as written, which the limit error prints
	Count     int
	Window    time.Duration
	Unlimited bool
}

// parseCompilationRate is ScriptCache.CompilationRate(String) behind the
// setting's "unlimited" shortcut.
func parseCompilationRate(v string) (CompilationRate, *apierr.Error) {
	if v == "unlimited" {
		return CompilationRate{Text: v, Unlimited: true}, nil
	}
	if !strings.Contains(v, "/") || strings.HasPrefix(v, "/") || strings.HasSuffix(v, "/") {
		return CompilationRate{}, apierr.IllegalArgument("parameter must contain a positive integer and a timevalue, i.e. 10/1m, but was [%s]", v)
	}
	count, window, _ := strings.Cut(v, "/")
	n, err := strconv.ParseInt(count, 10, 32)
	if err != nil {
		return CompilationRate{}, apierr.IllegalArgument("could not parse [%s] as integer in value [%s]", count, v).
			WithCause(apierr.New(apierr.TypeNumberFormat, numberFormatReason(count)))
	}
	if n < 0 {
		return CompilationRate{}, apierr.IllegalArgument("rate [%d] must be positive", n)
	}
	d, perr := parseTimeValue(window, "script.max_compilations_rate")
	if perr != nil {
		if perr.Type == apierr.TypeIllegalArgument {
			return CompilationRate{}, perr
		}
		return CompilationRate{}, apierr.IllegalArgument("%s", perr.Reason).WithCause(perr)
	}
	if d <= 0 {
		return CompilationRate{}, apierr.IllegalArgument("time value [%s] must be positive", window)
	}
	if d < time.Minute {
		return CompilationRate{}, apierr.IllegalArgument("time value [%s] must be at least on a one minute resolution", window)
	}
	return CompilationRate{Text: v, Count: int(n), Window: d}, nil
}

// scriptRateContext returns the context a rate key names.
func scriptRateContext(key string) (string, bool) {
	m := scriptRateKey.FindStringSubmatch(key)
	if m == nil {
		return "", false
	}
	return m[1], true
}

// CompilationRate returns the effective limit of a modelled script context.
func (v *Values) CompilationRate(context string) CompilationRate {
	if r, ok := v.compilationRates[context]; ok {
		return r
	}
	r, _ := parseCompilationRate(defaultCompilationRate)
	return r
}

// RateSettingKey is the setting a context's limit error names.
func RateSettingKey(context string) string {
	return "script.context." + context + ".max_compilations_rate"
}
