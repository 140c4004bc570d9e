package fake

import "testing"

const nestedUsersProps = `{"users":{"type":"nested"}}`

var nestedUsersDocs = []string{
	`{"group":"fans","users":[{"first":"John","last":"Smith"},{"first":"Alice","last":"White"}]}`,
	`{"group":"fans","users":[{"first":"Mark","last":"Doe"}]}`,
}

// top_hits under a nested aggregation fetches nested objects as nested
// hits: the root's _id, the _nested identity, the object as _source, sort
// values read from the objects; _version is the nested documents' 1 and
// there is no _seq_no.
func TestAggsTopHitsUnderNested(t *testing.T) {
	expectAggs(t, nestedUsersProps, nestedUsersDocs,
		`{"size":0,"aggs":{"to-users":{"nested":{"path":"users"},"aggs":{"users":{"top_hits":{"sort":"users.last.keyword"}}}}}}`,
		`{"to-users":{"doc_count":3,"users":{"hits":{"total":{"value":3,"relation":"eq"},"max_score":null,"hits":[`+
			`{"_index":"idx","_id":"2","_nested":{"field":"users","offset":0},"_score":null,"_source":{"last":"Doe","first":"Mark"},"sort":["Doe"]},`+
			`{"_index":"idx","_id":"1","_nested":{"field":"users","offset":0},"_score":null,"_source":{"last":"Smith","first":"John"},"sort":["Smith"]},`+
			`{"_index":"idx","_id":"1","_nested":{"field":"users","offset":1},"_score":null,"_source":{"last":"White","first":"Alice"},"sort":["White"]}]}}}}`)
	expectAggs(t, nestedUsersProps, nestedUsersDocs,
		`{"size":0,"aggs":{"to-users":{"nested":{"path":"users"},"aggs":{"users":{"top_hits":{"size":1,"sort":{"users.last.keyword":"desc"},"_source":["users.first"],"version":true,"seq_no_primary_term":true}}}}}}`,
		`{"to-users":{"doc_count":3,"users":{"hits":{"total":{"value":3,"relation":"eq"},"max_score":null,"hits":[`+
			`{"_index":"idx","_id":"1","_nested":{"field":"users","offset":1},"_version":1,"_score":null,"_source":{"first":"Alice"},"sort":["White"]}]}}}}`)
}

// With _source disabled in the mapping, nested top hits carry no _source.
func TestAggsTopHitsUnderNestedDisabledSource(t *testing.T) {
	s := newTestServer(t)
	call(t, s, "PUT", "/ds", `{"mappings":{"_source":{"enabled":false},"properties":{"users":{"type":"nested"}}}}`)
	call(t, s, "PUT", "/ds/_doc/1?refresh=true", `{"users":[{"first":"John","last":"Smith"}]}`)
	if got := aggsOf(t, s, "/ds/_search", `{"size":0,"aggs":{"to-users":{"nested":{"path":"users"},"aggs":{"users":{"top_hits":{}}}}}}`); got !=
		`{"to-users":{"doc_count":1,"users":{"hits":{"total":{"value":1,"relation":"eq"},"max_score":1.0,"hits":[{"_index":"ds","_id":"1","_nested":{"field":"users","offset":0},"_score":1.0}]}}}}` {
		t.Errorf("got %s", got)
	}
}
