package fake

import "testing"

const matrixProps = `{"weight":{"type":"long"},"price":{"type":"double"},"tag":{"type":"keyword"}}`

var matrixDocs = []string{
	`{"weight":10,"price":1.5}`, `{"weight":20,"price":2.5}`, `{"weight":30,"price":2.0}`,
	`{"weight":40,"price":[4.0,6.0]}`, `{"weight":50,"tag":"no price"}`,
}

// The fields come out in java.util.HashMap order (price before weight),
// not request order.
const matrixWant = `{"m":{"doc_count":4,"fields":[` +
	`{"name":"price","count":4,"mean":2.75,"variance":2.4166666666666665,"skewness":0.9220734033619126,"kurtosis":2.160523186682521,` +
	`"covariance":{"price":2.4166666666666665,"weight":16.666666666666668},"correlation":{"price":1.0,"weight":0.8304547985373999}},` +
	`{"name":"weight","count":4,"mean":25.0,"variance":166.66666666666666,"skewness":0.0,"kurtosis":1.64,` +
	`"covariance":{"price":16.666666666666668,"weight":166.66666666666666},"correlation":{"price":0.8304547985373999,"weight":1.0}}]}}`

func TestAggsMatrixStats(t *testing.T) {
	expectAggs(t, matrixProps, matrixDocs, `{"size":0,"aggs":{"m":{"matrix_stats":{"fields":["weight","price","unmapped"]}}}}`, matrixWant)
}

func TestAggsMatrixStatsModeMissingAndEmpty(t *testing.T) {
	// mode max reads 6.0 for the fourth document; missing gives the fifth a
	// price; one document has a single value: variances 0/0 print NaN.
	expectAggs(t, matrixProps, matrixDocs,
		`{"size":0,"query":{"term":{"weight":50}},"aggs":{"one":{"matrix_stats":{"fields":["price","weight"],"missing":{"price":7}}},"none":{"matrix_stats":{"fields":["nope"]}},"t":{"terms":{"field":"tag"},"aggs":{"m":{"matrix_stats":{"fields":"price"}}}}}}`,
		`{"one":{"doc_count":1,"fields":[{"name":"price","count":1,"mean":7.0,"variance":"NaN","skewness":"NaN","kurtosis":"NaN","covariance":{"price":"NaN","weight":"NaN"},"correlation":{"price":1.0,"weight":"NaN"}},`+
			`{"name":"weight","count":1,"mean":50.0,"variance":"NaN","skewness":"NaN","kurtosis":"NaN","covariance":{"price":"NaN","weight":"NaN"},"correlation":{"price":"NaN","weight":1.0}}]},`+
			`"none":{"doc_count":0},"t":{"doc_count_error_upper_bound":0,"sum_other_doc_count":0,"buckets":[{"key":"no price","doc_count":1,"m":{"doc_count":0}}]}}`)
	expectAggs(t, matrixProps, matrixDocs,
		`{"size":0,"aggs":{"m":{"matrix_stats":{"fields":["price"],"mode":"max"}}}}`,
		`{"m":{"doc_count":4,"fields":[{"name":"price","count":4,"mean":3.0,"variance":4.166666666666667,"skewness":1.0182337649086284,"kurtosis":2.2304,"covariance":{"price":4.166666666666667},"correlation":{"price":1.0}}]}}`)
}

func TestAggsMatrixStatsErrors(t *testing.T) {
	s := aggsIndex(t, 1, matrixProps, matrixDocs...)
	expectAggError(t, s, `{"aggs":{"m":{"matrix_stats":{"fields":["price"],"script":"1"}}}}`, 400,
		`{"error":{"root_cause":[{"type":"parsing_exception","reason":"Unexpected token VALUE_STRING [script] in [m]. Multi-field aggregations do not support scripts.","line":1,"col":59}],"type":"parsing_exception","reason":"Unexpected token VALUE_STRING [script] in [m]. Multi-field aggregations do not support scripts.","line":1,"col":59},"status":400}`)
	expectAggError(t, s, `{"aggs":{"m":{"matrix_stats":{"fields":["price"],"mode":"middle"}}}}`, 400,
		`{"error":{"root_cause":[{"type":"illegal_argument_exception","reason":"Unknown MultiValueMode [middle]"}],"type":"illegal_argument_exception","reason":"Unknown MultiValueMode [middle]"},"status":400}`)
	expectAggError(t, s, `{"aggs":{"m":{"matrix_stats":{"fields":["price"],"size":1}}}}`, 400,
		`{"error":{"root_cause":[{"type":"parsing_exception","reason":"Unexpected token VALUE_NUMBER [size] in [m].","line":1,"col":57}],"type":"parsing_exception","reason":"Unexpected token VALUE_NUMBER [size] in [m].","line":1,"col":57},"status":400}`)
}
