package mapping

import (
	"testing"

	"github.com/clustersearch/clustersearch-go/internal/jsonx"
	"github.com/clustersearch/clustersearch-go/types"
)

func ptr[T any](v T) *T { return &v }

func TestPropertiesWireForm(t *testing.T) {
	t.Parallel()
	cases := []struct {
		p    Property
		want string
	}{
		{&Text{Analyzer: "english", Fields: map[string]Property{"raw": &Keyword{IgnoreAbove: ptr(256)}}}, `{"type":"text","analyzer":"english","fields":{"raw":{"type":"keyword","ignore_above":256}}}`},
		{&Keyword{}, `{"type":"keyword"}`},
		{&Number{Type: UnsignedLong, NullValue: 0}, `{"type":"unsigned_long","null_value":0}`},
		{&Number{Type: HalfFloat, Coerce: ptr(false)}, `{"type":"half_float","coerce":false}`},
		{&ScaledFloat{ScalingFactor: 100}, `{"type":"scaled_float","scaling_factor":100}`},
		{&Date{Nanos: true, Format: "strict_date_optional_time_nanos"}, `{"type":"date_nanos","format":"strict_date_optional_time_nanos"}`},
		{&IP{IgnoreMalformed: ptr(true)}, `{"type":"ip","ignore_malformed":true}`},
		{&GeoPoint{}, `{"type":"geo_point"}`},
		{&Binary{DocValues: ptr(true)}, `{"type":"binary","doc_values":true}`},
		{&Alias{Path: "distance"}, `{"type":"alias","path":"distance"}`},
		{&ConstantKeyword{Value: "logs"}, `{"type":"constant_keyword","value":"logs"}`},
		{&TokenCount{Analyzer: "standard"}, `{"type":"token_count","analyzer":"standard"}`},
		{&SearchAsYouType{MaxShingleSize: ptr(4)}, `{"type":"search_as_you_type","max_shingle_size":4}`},
		{&Range{Type: DateRange, Format: "yyyy-MM-dd"}, `{"type":"date_range","format":"yyyy-MM-dd"}`},
		{&Object{Properties: map[string]Property{"a": &Boolean{}}}, `{"properties":{"a":{"type":"boolean"}}}`},
		{&Nested{IncludeInParent: ptr(true)}, `{"type":"nested","include_in_parent":true}`},
		{&Join{Relations: map[string][]string{"question": {"answer"}}}, `{"type":"join","relations":{"question":["answer"]}}`},
		{RawProperty{"type": "percolator"}, `{"type":"percolator"}`},
	}
	for _, c := range cases {
		b, err := jsonx.Marshal(c.p)
		if err != nil {
			t.Errorf("%s: %v", c.p.FieldType(), err)
			continue
		}
		if string(b) != c.want {
			t.Errorf("%s:\n got %s\nwant %s", c.p.FieldType(), b, c.want)
		}
	}
	for _, bad := range []Property{&Number{Type: "bigint"}, &ScaledFloat{}, &Alias{}, &TokenCount{}, &Range{Type: "int_range"}, &Join{}} {
		if _, err := jsonx.Marshal(bad); err == nil {
			t.Errorf("%T marshalled without its required option", bad)
		}
	}
}

func TestMappingsWireForm(t *testing.T) {
	t.Parallel()
	m := &Mappings{
		Dynamic:          "strict",
		NumericDetection: ptr(true),
		DynamicTemplates: []DynamicTemplate{{Name: "ids", Match: "*_id", MatchMappingType: "string", Mapping: &Keyword{}}},
		Source:           &SourceField{Enabled: ptr(true)},
		Properties:       map[string]Property{"ip": &IP{}},
	}
	b, err := jsonx.Marshal(m)
	if err != nil {
		t.Fatal(err)
	}
	want := `{"dynamic":"strict","numeric_detection":true,"dynamic_templates":[{"ids":{"match":"*_id","match_mapping_type":"string","mapping":{"type":"keyword"}}}],"_source":{"enabled":true},"properties":{"ip":{"type":"ip"}}}`
	if string(b) != want {
		t.Errorf("got %s\nwant %s", b, want)
	}
	if _, err := jsonx.Marshal(&Mappings{DynamicTemplates: []DynamicTemplate{{Name: "x"}}}); err == nil {
		t.Error("a template without mapping marshalled")
	}
}

func TestDerivedFieldWireForm(t *testing.T) {
	t.Parallel()
	m := &Mappings{
		Derived: map[string]*DerivedField{
			"upper": Derived(DerivedKeyword, "emit(params._source['name'].toUpperCase())"),
			"meta": {Type: DerivedObject, Script: &types.Script{Source: "emit(params._source['json'])", Lang: "painless", Params: map[string]any{"p": 1}},
				Properties: map[string]string{"tag": "keyword"}, PrefilterField: "json", Format: "yyyy-MM-dd", IgnoreMalformed: ptr(true)},
		},
		Properties: map[string]Property{"name": &Keyword{}},
	}
	b, err := jsonx.Marshal(m)
	if err != nil {
		t.Fatal(err)
	}
	want := `{"derived":{"meta":{"type":"object","script":{"source":"emit(params._source['json'])","lang":"painless","params":{"p":1}},"properties":{"tag":"keyword"},"prefilter_field":"json","format":"yyyy-MM-dd","ignore_malformed":true},` +
		`"upper":{"type":"keyword","script":{"source":"emit(params._source['name'].toUpperCase())"}}},"properties":{"name":{"type":"keyword"}}}`
	if string(b) != want {
		t.Errorf("got %s\nwant %s", b, want)
	}
}
