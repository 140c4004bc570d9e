package fake

import "testing"

// TestGetSettingsServerQuirks covers RestGetSettingsAction and
// TransportGetSettingsAction details: the singular _setting route, human
// read as "present at all" and applied before the name filter, and indexes
// kept with empty objects once defaults are rendered.
func TestGetSettingsServerQuirks(t *testing.T) {
	s := newTestServer(t)
	expect(t, s, "PUT", "/books", `{"settings":{"number_of_shards":1,"number_of_replicas":0}}`, 200, "")
	expect(t, s, "GET", "/books/_setting/index.number_of_shards", "", 200, `{"books":{"settings":{"index":{"number_of_shards":"1"}}}}`)
	expect(t, s, "GET", "/books/_settings/index.creation*?human=false&flat_settings=true", "", 200,
		`{"books":{"settings":{"index.creation_date":"1700000000000","index.creation_date_string":"2023-11-14T22:13:20.000Z"}}}`)
	// The name filter runs after the human keys are added: an exact name leaves them out...
	expect(t, s, "GET", "/books/_settings/index.creation_date?human&flat_settings=true", "", 200,
		`{"books":{"settings":{"index.creation_date":"1700000000000"}}}`)
	// ...and a pattern can select them alone.
	expect(t, s, "GET", "/books/_settings/*_string?human=true&flat_settings=true", "", 200,
		`{"books":{"settings":{"index.creation_date_string":"2023-11-14T22:13:20.000Z","index.version.created_string":"2.19.0"}}}`)
	expect(t, s, "GET", "/books/_settings/*_string?flat_settings=true", "", 200, `{}`)
	expect(t, s, "GET", "/books/_settings/index.nothing?include_defaults=true", "", 200, `{"books":{"settings":{},"defaults":{}}}`)
	expect(t, s, "GET", "/books/_settings/index.nothing", "", 200, `{}`)
}

// TestPutSettingsServerQuirks covers UpdateSettingsRequest: its default
// indices options (no wildcard may come up empty), the "settings" wrapper
// taken whenever it holds an object, the format parameters it accepts and
// the Java HashSet printing of the non-dynamic error.
func TestPutSettingsServerQuirks(t *testing.T) {
	s := newTestServer(t)
	expect(t, s, "PUT", "/books", `{"settings":{"number_of_replicas":0}}`, 200, "")
	expect(t, s, "PUT", "/nope*/_settings", `{"number_of_replicas":0}`, 404,
		`{"error":{"root_cause":[{"type":"index_not_found_exception","reason":"no such index [nope*]","index":"nope*","resource.id":"nope*","resource.type":"index_or_alias","index_uuid":"_na_"}],"type":"index_not_found_exception","reason":"no such index [nope*]","index":"nope*","resource.id":"nope*","resource.type":"index_or_alias","index_uuid":"_na_"},"status":404}`)
	expect(t, s, "PUT", "/nope*/_settings?allow_no_indices=true", `{"number_of_replicas":0}`, 200, `{"acknowledged":true}`)
	expect(t, s, "PUT", "/books/_settings?settings_filter=x&flat_settings=true", `{"settings":{"refresh_interval":"5s"},"ignored":{"x":1}}`, 200, `{"acknowledged":true}`)
	expect(t, s, "GET", "/books/_settings/index.refresh_interval?flat_settings=true", "", 200, `{"books":{"settings":{"index.refresh_interval":"5s"}}}`)
	// A "settings" key that is not an object is a setting name like any other.
	expect(t, s, "PUT", "/books/_settings", `{"settings":"x"}`, 400,
		`{"error":{"root_cause":[{"type":"illegal_argument_exception","reason":"unknown setting [index.settings] please check that any required plugins are installed, or check the breaking changes documentation for removed settings"}],"type":"illegal_argument_exception","reason":"unknown setting [index.settings] please check that any required plugins are installed, or check the breaking changes documentation for removed settings"},"status":400}`)
	expect(t, s, "PUT", "/books/_settings", `{"settings":{}}`, 400, `<**>"reason":"Validation Failed: 1: no settings to update;"<**>`)
	expect(t, s, "PUT", "/books/_settings", `{"codec":"best_compression","number_of_shards":2}`, 400,
		`<**>"reason":"Can't update non dynamic settings [[index.codec, index.number_of_shards]] for open indices [[books/<**>]]"<**>`)
}

// TestPutSettingsValueErrorsAndResets covers Setting.get's error shapes and
// the explicit number_of_replicas MetadataUpdateSettingsService keeps.
func TestPutSettingsValueErrorsAndResets(t *testing.T) {
	s := newTestServer(t)
	expect(t, s, "PUT", "/p", `{"settings":{"number_of_replicas":0}}`, 200, "")
	expect(t, s, "PUT", "/p/_settings", `{"index.number_of_replicas":null}`, 200, `{"acknowledged":true}`)
	expect(t, s, "GET", "/p/_settings/index.number_of_replicas", "", 200, `{"p":{"settings":{"index":{"number_of_replicas":"1"}}}}`)
	const timeMsg = `failed to parse setting [index.refresh_interval] with value [abc] as a time value: unit is missing or unrecognized`
	expect(t, s, "PUT", "/p/_settings", `{"refresh_interval":"abc"}`, 400,
		`{"error":{"root_cause":[{"type":"illegal_argument_exception","reason":"`+timeMsg+`"}],"type":"illegal_argument_exception","reason":"`+timeMsg+`"},"status":400}`)
	// A fraction is TimeValue's own refusal, with the NumberFormatException
	// Long.parseLong threw as its cause.
	const fracMsg = `failed to parse [1.5s], fractional time values are not supported`
	expect(t, s, "PUT", "/p/_settings", `{"refresh_interval":"1.5s"}`, 400,
		`{"error":{"root_cause":[{"type":"illegal_argument_exception","reason":"`+fracMsg+`"}],"type":"illegal_argument_exception","reason":"`+fracMsg+
			`","caused_by":{"type":"number_format_exception","reason":"For input string: \"1.5\""}},"status":400}`)
	const listMsg = `Found list type value for setting [index.max_result_window] but but did not expect a list for it.`
	expect(t, s, "PUT", "/p/_settings", `{"max_result_window":[1]}`, 400,
		`{"error":{"root_cause":[{"type":"illegal_argument_exception","reason":"`+listMsg+`"}],"type":"illegal_argument_exception","reason":"`+listMsg+`"},"status":400}`)
	expect(t, s, "PUT", "/q", `{"settings":{"refresh_interval":"1.5s"}}`, 400, `<**>"caused_by":{"type":"number_format_exception"<**>`)
}

// GET _settings keys the indexes in the order of the HashMap
// TransportGetSettingsAction collects them in (worked out by hand from
// String.hashCode), not sorted.
func TestGetSettingsIndexOrder(t *testing.T) {
	s := newTestServer(t)
	for _, n := range []string{"a", "books", "logs", "movies", "zz"} {
		expect(t, s, "PUT", "/"+n, "", 200, "")
	}
	expect(t, s, "GET", "/_settings/index.provided_name?flat_settings=true", "", 200,
		`{"movies":{"settings":{"index.provided_name":"movies"}},"zz":{"settings":{"index.provided_name":"zz"}},"a":{"settings":{"index.provided_name":"a"}},`+
			`"books":{"settings":{"index.provided_name":"books"}},"logs":{"settings":{"index.provided_name":"logs"}}}`)
}

// A wildcard key with null resets every matching dynamic setting
// (AbstractScopedSettings.applyDeletes); with a value it is refused.
func TestPutSettingsWildcardReset(t *testing.T) {
	s := newTestServer(t)
	expect(t, s, "PUT", "/w", `{"settings":{"number_of_replicas":0,"blocks":{"write":true,"metadata":false},"max_result_window":50}}`, 200, "")
	expect(t, s, "PUT", "/w/_settings", `{"index.blocks.*":null,"index.number_*":null}`, 200, `{"acknowledged":true}`)
	expect(t, s, "GET", "/w/_settings/index.blocks.*,index.number_*,index.max_result_window?flat_settings=true", "", 200,
		`{"w":{"settings":{"index.max_result_window":"50","index.number_of_replicas":"1","index.number_of_shards":"1"}}}`)
	expect(t, s, "PUT", "/w/_settings?preserve_existing=true", `{"index.max_*":null}`, 200, "")
	expect(t, s, "GET", "/w/_settings/index.max_result_window", "", 200, `{"w":{"settings":{"index":{"max_result_window":"50"}}}}`)
	expect(t, s, "PUT", "/w/_settings", `{"index.max_*":"5"}`, 400,
		`{"error":{"root_cause":[{"type":"illegal_argument_exception","reason":"index setting [index.max_*], not recognized"}],"type":"illegal_argument_exception","reason":"index setting [index.max_*], not recognized"},"status":400}`)
}

// With no index at all, UpdateSettingsRequest's allow_no_indices=false
// meets IndexNameExpressionResolver's "no indices exist" error, which names
// no index and prefixes the constructor's "no such index [null] and ".
func TestPutSettingsWithNoIndexAtAll(t *testing.T) {
	s := newTestServer(t)
	const noIndices = `{"error":{"root_cause":[{"type":"index_not_found_exception","reason":"no such index [null] and no indices exist","resource.id":"_all","resource.type":"index_expression"}],` +
		`"type":"index_not_found_exception","reason":"no such index [null] and no indices exist","resource.id":"_all","resource.type":"index_expression"},"status":404}`
	expect(t, s, "PUT", "/_settings", `{"number_of_replicas":0}`, 404, noIndices)
	expect(t, s, "PUT", "/_all/_settings", `{"number_of_replicas":0}`, 404, noIndices)
	expect(t, s, "PUT", "/*/_settings", `{"number_of_replicas":0}`, 404,
		`{"error":{"root_cause":[{"type":"index_not_found_exception","reason":"no such index [null]","resource.id":"*","resource.type":"index_expression"}],`+
			`"type":"index_not_found_exception","reason":"no such index [null]","resource.id":"*","resource.type":"index_expression"},"status":404}`)
	expect(t, s, "GET", "/_settings", "", 200, `{}`)
}
