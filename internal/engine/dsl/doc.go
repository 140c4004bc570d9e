// Package dsl parses OpenSearch query DSL objects (read by package xcontent)
// into a typed tree, raising the errors OpenSearch raises while parsing. It
// also holds the small calculators the executor needs for query options:
// minimum_should_match (MinimumShouldMatch), fuzziness (Fuzziness), date
// formats and date math (ParseDateFormat, ParseDateMath, DateRangeBound),
// time zones (ParseTimeZone) and the q= URL query (QueryStringFromURL).
// ParseRescore reads a search body's "rescore" (RescorerBuilder and
// QueryRescorerBuilder, with their errors) into Rescore values.
//
// # What is rejected here
//
// Exactly what each query builder's fromXContent rejects in OpenSearch 2.x:
// unknown queries (parsing_exception "unknown query [x] did you mean [y]?"
// with a named_object_not_found_exception cause), unknown options
// ("[match] query does not support [x]"), ObjectParser failures of bool,
// match_all and ids (x_content_parse_exception "[L:C] [bool] unknown field
// [x]", wrapped as "[L:C] [bool] failed to parse field [must]" for nested
// failures), malformed query objects, option values of the wrong type (the
// Java and Jackson exceptions OpenSearch lets through), enumerations
// (operator, zero_terms_query, multi_match type, score modes, flags),
// fuzziness syntax, and missing required parts.
//
// # What is left to the executor (OpenSearch checks it on the shard)
//
//   - Field mappings: unmapped fields, a term-level query on a text field,
//     a value that does not parse for the field type (numbers: "failed to
//     create query: For input string", unless lenient), ignore_unmapped and
//     nested paths ("[nested] failed to find nested object under path [p]").
//   - Dates in range and term queries: format and date math evaluation with
//     the clock's now (DateRangeBound), the field's default format.
//   - minimum_should_match evaluation (MinimumShouldMatch returns the
//     number_format_exception a bad spec raises on the shard).
//   - query_string text (package querystring; its syntax errors are the
//     query_shard_exception chain), "cannot use [fields] parameter in
//     conjunction with [default_field]", analyzers ("analyzer [x] not
//     found"), time_zone of query_string.
//   - Limits: index.max_terms_count, index.max_regex_length, regexp syntax,
//     max_determinized_states, rewrite methods, the bool clause limit.
//   - function_score decay parameters and script_score scripts; the scripts of
//     the script and script_score queries (ScriptQuery, ScriptScore, read with
//     ParseScript as Script.parse does) are compiled on the shard.
//   - OpenSearch's rewrites: an empty bool is match_all, a pure negative
//     bool gets a match_all filter, terms with no values match nothing.
//
// Locations: every Query carries the line and column of its object; errors
// carry OpenSearch's line/col (parsing_exception) and, through
// xcontent.Error.Pos, where the parser stood.
package dsl
