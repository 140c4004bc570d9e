package fake

import (
	"strings"
	"testing"
)

// A composable template and its component templates: put, get in the
// server's shape, and what an index created explicitly gets from them.
func TestIndexTemplateCreateAndApply(t *testing.T) {
	s := newTestServer(t)
	expect(t, s, "PUT", "/_component_template/ct_settings", `{"template":{"settings":{"number_of_shards":2,"index.number_of_replicas":0}},"version":3,"_meta":{"team":"a"}}`, 200, `{"acknowledged":true}`)
	expect(t, s, "PUT", "/_component_template/ct_mappings", `{"template":{"mappings":{"properties":{"msg":{"type":"text"},"host":{"properties":{"name":{"type":"keyword"}}}}},"aliases":{"ct_alias":{}}}}`, 200, `{"acknowledged":true}`)
	expect(t, s, "PUT", "/_index_template/logs", `{"index_patterns":["logs-*"],"priority":10,"composed_of":["ct_settings","ct_mappings"],"template":{"settings":{"index.refresh_interval":"5s"},"mappings":{"properties":{"msg":{"type":"keyword"}}},"aliases":{"{index}-alias":{"is_hidden":false}}},"version":7,"_meta":{"k":1}}`, 200, `{"acknowledged":true}`)

	expect(t, s, "GET", "/_index_template/logs", "", 200,
		`{"index_templates":[{"name":"logs","index_template":{"index_patterns":["logs-*"],"template":{"settings":{"index":{"refresh_interval":"5s"}},"mappings":{"properties":{"msg":{"type":"keyword"}}},"aliases":{"{index}-alias":{"is_hidden":false}}},"composed_of":["ct_settings","ct_mappings"],"priority":10,"version":7,"_meta":{"k":1}}}]}`)
	expect(t, s, "GET", "/_component_template/ct_settings?flat_settings", "", 200,
		`{"component_templates":[{"name":"ct_settings","component_template":{"template":{"settings":{"index.number_of_replicas":"0","index.number_of_shards":"2"}},"version":3,"_meta":{"team":"a"}}}]}`)
	expect(t, s, "HEAD", "/_index_template/logs", "", 200, "")
	expect(t, s, "HEAD", "/_index_template/nope", "", 404, "")

	expect(t, s, "PUT", "/logs-1", `{"settings":{"index.number_of_shards":3},"mappings":{"properties":{"extra":{"type":"long"}}}}`, 200, "")
	// The request's settings win over the template's, the template's over its components'.
	expect(t, s, "GET", "/logs-1/_settings/index.number_of_shards,index.number_of_replicas,index.refresh_interval?flat_settings", "", 200,
		`{"logs-1":{"settings":{"index.number_of_replicas":"0","index.number_of_shards":"3","index.refresh_interval":"5s"}}}`)
	// msg is the template's keyword (a later definition replaces the earlier one whole).
	expect(t, s, "GET", "/logs-1/_mapping", "", 200,
		`{"logs-1":{"mappings":{"properties":{"extra":{"type":"long"},"host":{"properties":{"name":{"type":"keyword"}}},"msg":{"type":"keyword"}}}}}`)
	expect(t, s, "GET", "/logs-1/_alias", "", 200, `{"logs-1":{"aliases":{"ct_alias":{},"logs-1-alias":{"is_hidden":false}}}}`)
}

// An index a write creates gets its templates too, and the highest
// priority among matching composable templates wins.
func TestIndexTemplateAutoCreateAndPriority(t *testing.T) {
	s := newTestServer(t)
	expect(t, s, "PUT", "/_index_template/low", `{"index_patterns":["app-*"],"priority":1,"template":{"settings":{"number_of_shards":4}}}`, 200, "")
	expect(t, s, "PUT", "/_index_template/high", `{"index_patterns":["app-x*"],"priority":5,"template":{"settings":{"number_of_shards":2},"mappings":{"properties":{"n":{"type":"keyword"}}}}}`, 200, "")
	expect(t, s, "PUT", "/app-x1/_doc/1", `{"n":5}`, 201, "")
	expect(t, s, "PUT", "/app-y1/_doc/1", `{"n":5}`, 201, "")
	expect(t, s, "GET", "/app-x1,app-y1/_settings/index.number_of_shards?flat_settings", "", 200,
		`{"app-x1":{"settings":{"index.number_of_shards":"2"}},"app-y1":{"settings":{"index.number_of_shards":"4"}}}`)
	expect(t, s, "GET", "/app-x1/_mapping", "", 200, `{"app-x1":{"mappings":{"properties":{"n":{"type":"keyword"}}}}}`)
	expect(t, s, "GET", "/app-y1/_mapping", "", 200, `{"app-y1":{"mappings":{"properties":{"n":{"type":"long"}}}}}`)
}

func TestIndexTemplateErrors(t *testing.T) {
	s := newTestServer(t)
	expect(t, s, "PUT", "/_index_template/a", `{"index_patterns":["x-*"],"priority":3}`, 200, "")
	expect(t, s, "PUT", "/_index_template/b", `{"index_patterns":["x-1*","y"],"priority":3}`, 400,
		`{"error":{"root_cause":[{"type":"illegal_argument_exception","reason":"index template [b] has index patterns [x-1*, y] matching patterns from existing templates [a] with patterns (a => [x-*]) that have the same priority [3], multiple index templates may not match during index creation, please use a different priority"}],"type":"illegal_argument_exception","reason":"index template [b] has index patterns [x-1*, y] matching patterns from existing templates [a] with patterns (a => [x-*]) that have the same priority [3], multiple index templates may not match during index creation, please use a different priority"},"status":400}`)
	expect(t, s, "PUT", "/_index_template/c", `{"index_patterns":["c-*"],"composed_of":["nope","ct"]}`, 400,
		`{"error":{"root_cause":[{"type":"invalid_index_template_exception","reason":"index_template [c] invalid, cause [index template [c] specifies component templates [nope, ct] that do not exist]"}],"type":"invalid_index_template_exception","reason":"index_template [c] invalid, cause [index template [c] specifies component templates [nope, ct] that do not exist]"},"status":400}`)
	expect(t, s, "PUT", "/_index_template/Bad%20Name", `{"index_patterns":["_x","a b"]}`, 400,
		`{"error":{"root_cause":[{"type":"invalid_index_template_exception","reason":"index_template [Bad Name] invalid, cause [Validation Failed: 1: name must not contain a space;2: name must be lower cased;3: index_pattern [_x] must not start with '_';4: index_patterns [a b] must not contain a space;5: index_pattern [a b] must not contain the following characters [ , \", *, \\, <, |, ,, >, /, ?];]"}],"type":"invalid_index_template_exception","reason":"index_template [Bad Name] invalid, cause [Validation Failed: 1: name must not contain a space;2: name must be lower cased;3: index_pattern [_x] must not start with '_';4: index_patterns [a b] must not contain a space;5: index_pattern [a b] must not contain the following characters [ , \", *, \\, <, |, ,, >, /, ?];]"},"status":400}`)
	expect(t, s, "PUT", "/_index_template/a?create=true", `{"index_patterns":["x-*"],"priority":3}`, 400,
		`{"error":{"root_cause":[{"type":"illegal_argument_exception","reason":"index template [a] already exists"}],"type":"illegal_argument_exception","reason":"index template [a] already exists"},"status":400}`)
	expect(t, s, "PUT", "/_index_template/d", `{"index_patterns":["d"],"template":{"settings":{"index.foo":1}}}`, 400,
		`{"error":{"root_cause":[{"type":"invalid_index_template_exception","reason":"index_template [d] invalid, cause [Validation Failed: 1: unknown setting [index.foo] please check that any required plugins are installed, or check the breaking changes documentation for removed settings;]"}],"type":"invalid_index_template_exception","reason":"index_template [d] invalid, cause [Validation Failed: 1: unknown setting [index.foo] please check that any required plugins are installed, or check the breaking changes documentation for removed settings;]"},"status":400}`)
	expect(t, s, "PUT", "/_index_template/e", `{"index_patterns":["e"],"template":{"mappings":{"properties":{"f":{"type":"nope"}}}}}`, 400,
		`{"error":{"root_cause":[{"type":"illegal_argument_exception","reason":"composable template [e] template after composition is invalid"}],"type":"illegal_argument_exception","reason":"composable template [e] template after composition is invalid","caused_by":{"type":"illegal_argument_exception","reason":"invalid composite mappings for [e]","caused_by":{"type":"mapper_parsing_exception","reason":"Failed to parse mapping [_doc]: No handler for type [nope] declared on field [f]","caused_by":{"type":"mapper_parsing_exception","reason":"No handler for type [nope] declared on field [f]"}}}},"status":400}`)
	expect(t, s, "PUT", "/_index_template/f", `{"index_patterns":["f"],"foo":1}`, 400,
		`{"error":{"root_cause":[{"type":"x_content_parse_exception","reason":"[1:25] [index_template] unknown field [foo]"}],"type":"x_content_parse_exception","reason":"[1:25] [index_template] unknown field [foo]"},"status":400}`)
	expect(t, s, "PUT", "/_index_template/g", `{"priority":1}`, 400,
		`{"error":{"root_cause":[{"type":"illegal_argument_exception","reason":"Required [index_patterns]"}],"type":"illegal_argument_exception","reason":"Required [index_patterns]"},"status":400}`)
	expect(t, s, "GET", "/_index_template/nope", "", 404,
		`{"error":{"root_cause":[{"type":"resource_not_found_exception","reason":"index template matching [nope] not found"}],"type":"resource_not_found_exception","reason":"index template matching [nope] not found"},"status":404}`)
	expect(t, s, "GET", "/_index_template/nope*", "", 404, `{"index_templates":[]}`)
	expect(t, s, "DELETE", "/_index_template/nope", "", 404,
		`{"error":{"root_cause":[{"type":"index_template_missing_exception","reason":"index_template [nope] missing"}],"type":"index_template_missing_exception","reason":"index_template [nope] missing"},"status":404}`)
	expect(t, s, "DELETE", "/_index_template/*", "", 200, `{"acknowledged":true}`)
	expect(t, s, "DELETE", "/_index_template/*", "", 200, `{"acknowledged":true}`)
	expect(t, s, "GET", "/_index_template", "", 200, `{"index_templates":[]}`)
}

func TestComponentTemplateInUse(t *testing.T) {
	s := newTestServer(t)
	expect(t, s, "PUT", "/_component_template/ct1", `{"template":{"settings":{"number_of_shards":1}}}`, 200, "")
	expect(t, s, "PUT", "/_index_template/t1", `{"index_patterns":["t1-*"],"composed_of":["ct1"]}`, 200, "")
	expect(t, s, "DELETE", "/_component_template/ct1", "", 400,
		`{"error":{"root_cause":[{"type":"illegal_argument_exception","reason":"component templates [ct1] cannot be removed as they are still in use by index templates [t1]"}],"type":"illegal_argument_exception","reason":"component templates [ct1] cannot be removed as they are still in use by index templates [t1]"},"status":400}`)
	expect(t, s, "PUT", "/_component_template/ct1?create", `{"template":{}}`, 400,
		`{"error":{"root_cause":[{"type":"illegal_argument_exception","reason":"component template [ct1] already exists"}],"type":"illegal_argument_exception","reason":"component template [ct1] already exists"},"status":400}`)
	// An update that breaks a composable template using it is refused.
	expect(t, s, "PUT", "/_index_template/t1", `{"index_patterns":["t1-*"],"composed_of":["ct1"],"template":{"mappings":{"properties":{"o":{"properties":{"a":{"type":"keyword"}}}}}}}`, 200, "")
	expect(t, s, "PUT", "/_component_template/ct1", `{"template":{"mappings":{"properties":{"o":{"type":"keyword"}}}}}`, 400,
		`{"error":{"root_cause":[{"type":"illegal_argument_exception","reason":"updating component template [ct1] results in invalid composable template [t1] after templates are merged"}],"type":"illegal_argument_exception","reason":"updating component template [ct1] results in invalid composable template [t1] after templates are merged","caused_by":{"type":"illegal_argument_exception","reason":"invalid composite mappings for [t1]","caused_by":{"type":"illegal_argument_exception","reason":"can't merge a non object mapping [o] with an object mapping"}}},"status":400}`)
	expect(t, s, "DELETE", "/_index_template/t1", "", 200, "")
	expect(t, s, "DELETE", "/_component_template/ct1", "", 200, `{"acknowledged":true}`)
	expect(t, s, "GET", "/_component_template/ct1", "", 404,
		`{"error":{"root_cause":[{"type":"resource_not_found_exception","reason":"component template matching [ct1] not found"}],"type":"resource_not_found_exception","reason":"component template matching [ct1] not found"},"status":404}`)
}

func TestLegacyTemplates(t *testing.T) {
	s := newTestServer(t)
	expect(t, s, "PUT", "/_template/base", `{"index_patterns":["leg-*"],"order":0,"settings":{"number_of_shards":3,"number_of_replicas":0},"mappings":{"properties":{"a":{"type":"keyword"},"b":{"type":"text"}}},"aliases":{"all-leg":{}}}`, 200, `{"acknowledged":true}`)
	expect(t, s, "PUT", "/_template/over?order=5", `{"index_patterns":"leg-x*","version":2,"settings":{"number_of_shards":1},"mappings":{"properties":{"b":{"type":"keyword"}}}}`, 200, "")
	expect(t, s, "GET", "/_template/over", "", 200,
		`{"over":{"order":5,"version":2,"index_patterns":["leg-x*"],"settings":{"index":{"number_of_shards":"1"}},"mappings":{"properties":{"b":{"type":"keyword"}}},"aliases":{}}}`)
	expect(t, s, "GET", "/_template/nope", "", 404, `{}`)
	expect(t, s, "GET", "/_cluster/state/metadata?filter_path=metadata.templates.over", "", 200,
		`{"metadata":{"templates":{"over":{"order":5,"version":2,"index_patterns":["leg-x*"],"settings":{"index":{"number_of_shards":"1"}},"mappings":{"_doc":{"properties":{"b":{"type":"keyword"}}}},"aliases":{}}}}}`)
	if code, h, _ := call(t, s, "PUT", "/leg-x1", ""); code != 200 || !strings.Contains(h.Get("Warning"), "index [leg-x1] matches multiple legacy templates [base, over], composable templates will only match a single template") {
		t.Errorf("create leg-x1: %d, Warning %q", code, h.Get("Warning"))
	}
	// Higher orders win, merged field by field (mergeDefaults).
	expect(t, s, "GET", "/leg-x1/_settings/index.number_of_shards?flat_settings", "", 200, `{"leg-x1":{"settings":{"index.number_of_shards":"1"}}}`)
	expect(t, s, "GET", "/leg-x1/_mapping", "", 200, `{"leg-x1":{"mappings":{"properties":{"a":{"type":"keyword"},"b":{"type":"keyword"}}}}}`)
	expect(t, s, "GET", "/leg-x1/_alias", "", 200, `{"leg-x1":{"aliases":{"all-leg":{}}}}`)
	// A composable template matching the name takes precedence over legacy ones.
	code, h, _ := call(t, s, "PUT", "/_index_template/comp", `{"index_patterns":["leg-y*"]}`)
	if code != 200 || !strings.Contains(h.Get("Warning"), "index template [comp] has index patterns [leg-y*] matching patterns from existing older templates [base] with patterns (base => [leg-*]); this template [comp] will take precedence during new index creation") {
		t.Errorf("overlap warning: %d %q", code, h.Get("Warning"))
	}
	expect(t, s, "PUT", "/leg-y1", "", 200, "")
	expect(t, s, "GET", "/leg-y1/_settings/index.number_of_shards?flat_settings", "", 200, `{"leg-y1":{"settings":{"index.number_of_shards":"1"}}}`)
	expect(t, s, "PUT", "/_template/base?create=true", `{"index_patterns":["leg-*"]}`, 400,
		`{"error":{"root_cause":[{"type":"illegal_argument_exception","reason":"index_template [base] already exists"}],"type":"illegal_argument_exception","reason":"index_template [base] already exists"},"status":400}`)
	expect(t, s, "PUT", "/_template/bad", `{"index_patterns":["z"],"foo":1}`, 400,
		`{"error":{"root_cause":[{"type":"parse_exception","reason":"unknown key [foo] in the template "}],"type":"parse_exception","reason":"unknown key [foo] in the template "},"status":400}`)
	expect(t, s, "DELETE", "/_template/nope", "", 404,
		`{"error":{"root_cause":[{"type":"index_template_missing_exception","reason":"index_template [nope] missing"}],"type":"index_template_missing_exception","reason":"index_template [nope] missing"},"status":404}`)
}

func TestIndexTemplateSimulate(t *testing.T) {
	s := newTestServer(t)
	expect(t, s, "PUT", "/_component_template/ct", `{"template":{"settings":{"number_of_shards":2},"mappings":{"properties":{"a":{"type":"text"}}},"aliases":{"ca":{"routing":"1"}}}}`, 200, "")
	expect(t, s, "PUT", "/_index_template/sim", `{"index_patterns":["sim-*"],"priority":2,"composed_of":["ct"],"template":{"settings":{"number_of_replicas":0},"mappings":{"properties":{"b":{"type":"keyword"}}}}}`, 200, "")
	expect(t, s, "PUT", "/_template/old", `{"index_patterns":["sim-1*"]}`, 200, "")
	expect(t, s, "POST", "/_index_template/_simulate_index/sim-1", "", 200,
		`{"template":{"settings":{"index":{"number_of_shards":"2","number_of_replicas":"0"}},"mappings":{"properties":{"a":{"type":"text"},"b":{"type":"keyword"}}},"aliases":{"ca":{"index_routing":"1","search_routing":"1"}}},"overlapping":[{"name":"old","index_patterns":["sim-1*"]}]}`)
	expect(t, s, "POST", "/_index_template/_simulate_index/other", "", 200, `{}`)
	expect(t, s, "POST", "/_index_template/_simulate_index/other?create=true", "", 400,
		`{"error":{"root_cause":[{"type":"illegal_argument_exception","reason":"request [/_index_template/_simulate_index/other] contains unrecognized parameter: [create]"}],"type":"illegal_argument_exception","reason":"request [/_index_template/_simulate_index/other] contains unrecognized parameter: [create]"},"status":400}`)
	// A body simulates an extra template; the highest priority still wins.
	expect(t, s, "POST", "/_index_template/_simulate_index/sim-2", `{"index_patterns":["sim-2*"],"priority":9,"template":{"settings":{"number_of_shards":5}}}`, 200,
		`{"template":{"settings":{"index":{"number_of_shards":"5"}},"aliases":{}},"overlapping":[{"name":"sim","index_patterns":["sim-*"]}]}`)
	expect(t, s, "POST", "/_index_template/_simulate/sim", "", 200,
		`{"template":{"settings":{"index":{"number_of_shards":"2","number_of_replicas":"0"}},"mappings":{"properties":{"a":{"type":"text"},"b":{"type":"keyword"}}},"aliases":{"ca":{"index_routing":"1","search_routing":"1"}}},"overlapping":[{"name":"old","index_patterns":["sim-1*"]}]}`)
	expect(t, s, "POST", "/_index_template/_simulate", "", 400,
		`{"error":{"root_cause":[{"type":"illegal_argument_exception","reason":"a template name to match or a new template body must be specified"}],"type":"illegal_argument_exception","reason":"a template name to match or a new template body must be specified"},"status":400}`)
	expect(t, s, "POST", "/_index_template/_simulate/nope", "", 400,
		`{"error":{"root_cause":[{"type":"illegal_argument_exception","reason":"unable to simulate template [nope] that does not exist"}],"type":"illegal_argument_exception","reason":"unable to simulate template [nope] that does not exist"},"status":400}`)
	// Simulating changes nothing.
	expect(t, s, "GET", "/_index_template", "", 200, `{"index_templates":[{"name":"sim",<**>}]}`)
}

// Data streams are not served: a template may declare one, an explicit
// create of a name it matches is refused as OpenSearch refuses it, and a
// write that would create the data stream is the fake's 501.
func TestIndexTemplateDataStream(t *testing.T) {
	s := newTestServer(t)
	expect(t, s, "PUT", "/_index_template/ds", `{"index_patterns":["ds-*"],"data_stream":{}}`, 200, "")
	expect(t, s, "GET", "/_index_template/ds", "", 200,
		`{"index_templates":[{"name":"ds","index_template":{"index_patterns":["ds-*"],"data_stream":{"timestamp_field":{"name":"@timestamp"}}}}]}`)
	expect(t, s, "PUT", "/ds-1", "", 400,
		`{"error":{"root_cause":[{"type":"illegal_argument_exception","reason":"cannot create index with name [ds-1], because it matches with template [ds] that creates data streams only, use create data stream api instead"}],"type":"illegal_argument_exception","reason":"cannot create index with name [ds-1], because it matches with template [ds] that creates data streams only, use create data stream api instead"},"status":400}`)
	expect(t, s, "PUT", "/ds-1/_doc/1", `{"@timestamp":"2024-01-01"}`, 501,
		`{"error":{"root_cause":[{"type":"unsupported_operation_exception","reason":"clustersearch-fake does not support data streams: index template [ds] would create the data stream [ds-1] yet"}],"type":"unsupported_operation_exception","reason":"clustersearch-fake does not support data streams: index template [ds] would create the data stream [ds-1] yet"},"status":501}`)
	expect(t, s, "HEAD", "/ds-1", "", 404, "")
}

// A hidden index skips the global (match-all) templates.
func TestIndexTemplateHiddenSkipsGlobal(t *testing.T) {
	s := newTestServer(t)
	expect(t, s, "PUT", "/_index_template/global", `{"index_patterns":["*"],"template":{"settings":{"number_of_shards":3}}}`, 200, "")
	expect(t, s, "PUT", "/_index_template/bad", `{"index_patterns":["*"],"priority":-1,"template":{"settings":{"index.hidden":true}}}`, 400,
		`{"error":{"root_cause":[{"type":"action_request_validation_exception","reason":"Validation Failed: 1: global composable templates may not specify the setting index.hidden;2: index template priority must be >= 0;"}],"type":"action_request_validation_exception","reason":"Validation Failed: 1: global composable templates may not specify the setting index.hidden;2: index template priority must be >= 0;"},"status":400}`)
	// Through a component template, the service's own check refuses it.
	expect(t, s, "PUT", "/_component_template/hide", `{"template":{"settings":{"index.hidden":true}}}`, 200, "")
	expect(t, s, "PUT", "/_index_template/bad", `{"index_patterns":["*"],"priority":1,"composed_of":["hide"]}`, 400,
		`{"error":{"root_cause":[{"type":"invalid_index_template_exception","reason":"index_template [bad] invalid, cause [global composable templates may not specify the setting index.hidden]"}],"type":"invalid_index_template_exception","reason":"index_template [bad] invalid, cause [global composable templates may not specify the setting index.hidden]"},"status":400}`)
	expect(t, s, "PUT", "/visible", "", 200, "")
	expect(t, s, "PUT", "/.hidden", `{"settings":{"index.hidden":true}}`, 200, "")
	expect(t, s, "GET", "/visible,.hidden/_settings/index.number_of_shards?flat_settings&expand_wildcards=all", "", 200,
		`{"visible":{"settings":{"index.number_of_shards":"3"}},".hidden":{"settings":{"index.number_of_shards":"1"}}}`)
}

// _bulk items and update upserts create their indexes from the templates.
func TestIndexTemplateBulkAndUpsert(t *testing.T) {
	s := newTestServer(t)
	expect(t, s, "PUT", "/_index_template/b", `{"index_patterns":["bulk-*"],"template":{"settings":{"number_of_shards":1},"mappings":{"properties":{"v":{"type":"keyword"}}},"aliases":{"bulk-all":{}}}}`, 200, "")
	expect(t, s, "POST", "/_bulk?refresh=true", "{\"index\":{\"_index\":\"bulk-a\",\"_id\":\"1\"}}\n{\"v\":1}\n{\"update\":{\"_index\":\"bulk-b\",\"_id\":\"1\"}}\n{\"doc\":{\"v\":2},\"upsert\":{\"v\":3}}\n", 200, `{"took":<*>,"errors":false,<**>}`)
	expect(t, s, "POST", "/bulk-c/_update/1", `{"doc":{"v":4},"doc_as_upsert":true}`, 201, "")
	for _, ix := range []string{"bulk-a", "bulk-b", "bulk-c"} {
		expect(t, s, "GET", "/"+ix+"/_mapping", "", 200, `{"`+ix+`":{"mappings":{"properties":{"v":{"type":"keyword"}}}}}`)
	}
	expect(t, s, "GET", "/_alias/bulk-all", "", 200, `{"bulk-a":{"aliases":{"bulk-all":{}}},"bulk-b":{"aliases":{"bulk-all":{}}},"bulk-c":{"aliases":{"bulk-all":{}}}}`)
}

func TestIndexTemplateSimulateParams(t *testing.T) {
	s := newTestServer(t)
	expect(t, s, "POST", "/_index_template/_simulate?creat=true", `{"index_patterns":["p"]}`, 400,
		`{"error":{"root_cause":[{"type":"illegal_argument_exception","reason":"request [/_index_template/_simulate] contains unrecognized parameter: [creat] -> did you mean [create]?"}],"type":"illegal_argument_exception","reason":"request [/_index_template/_simulate] contains unrecognized parameter: [creat] -> did you mean [create]?"},"status":400}`)
	expect(t, s, "POST", "/_index_template/_simulate?create&cause=test", `{"index_patterns":["p"]}`, 200, `{"template":{"settings":{},"aliases":{}},"overlapping":[]}`)
}

// Alias filters from templates are queries: a composable template's are
// checked when it is put, a legacy template's when an index takes it.
func TestIndexTemplateAliasFilters(t *testing.T) {
	s := newTestServer(t)
	expect(t, s, "PUT", "/_index_template/f", `{"index_patterns":["f-*"],"template":{"aliases":{"bad":{"filter":{"nope":{}}}}}}`, 400,
		`{"error":{"root_cause":[{"type":"illegal_argument_exception","reason":"composable template [f] template after composition is invalid"}],"type":"illegal_argument_exception","reason":"composable template [f] template after composition is invalid","caused_by":{"type":"illegal_argument_exception","reason":"failed to parse filter for alias [bad]",<**>}},"status":400}`)
	expect(t, s, "PUT", "/_template/lf", `{"index_patterns":["lf-*"],"aliases":{"bad":{"filter":{"nope":{}}}}}`, 200, "")
	expect(t, s, "PUT", "/lf-1", "", 400, `{"error":{"root_cause":[<**>],"type":"illegal_argument_exception","reason":"failed to parse filter for alias [bad]",<**>},"status":400}`)
	expect(t, s, "PUT", "/_template/lf", `{"index_patterns":["lf-*"],"aliases":{"{index}-good":{"filter":{"term":{"a":"b"}}}}}`, 200, "")
	expect(t, s, "PUT", "/lf-1", "", 200, "")
	expect(t, s, "GET", "/lf-1/_alias", "", 200, `{"lf-1":{"aliases":{"lf-1-good":{"filter":{"term":{"a":"b"}}}}}}`)
}
