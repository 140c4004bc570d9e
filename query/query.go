// Package query holds typed builders for the OpenSearch query DSL.
//
// Every builder is plain data with exported fields plus a few chainable setters for the
// options people reach for most, and marshals to the exact JSON the DSL documents:
//
//	q := query.Bool().
//		Must(query.Match("title", "quick fox").WithOperator(types.OperatorAnd)).
//		Filter(query.Range("year").Gte(2020), query.Term("status", "published")).
//		MustNot(query.Exists("deleted_at"))
//
// Raw covers any clause the package does not model.
package query

import (
	"encoding/json"
	"errors"
	"reflect"
	"strconv"

	"github.com/clustersearch/clustersearch-go/internal/jsonx"
	"github.com/clustersearch/clustersearch-go/types"
)

// Query is one clause of the query DSL. Every builder in this package implements it, and so
// does Raw for clauses the package does not model.
type Query interface {
	json.Marshaler
}

// Raw is a query clause given as ready JSON, for example
// query.Raw(`{"geo_distance":{"distance":"2km","pin":[-70,40]}}`).
// It is sent as is; it must hold one JSON object.
type Raw []byte

// MarshalJSON returns the clause itself after checking that it is valid JSON.
func (r Raw) MarshalJSON() ([]byte, error) {
	if len(r) == 0 {
		return nil, errors.New("query: empty raw query")
	}
	if !jsonx.Valid(r) {
		return nil, errors.New("query: raw query is not valid JSON")
	}
	return r, nil
}

// Ptr returns a pointer to v, for the optional fields of the builders
// (for example MatchQuery{PrefixLength: query.Ptr(2)}). It is types.Ptr,
// which every package's optional fields can use.
func Ptr[T any](v T) *T { return types.Ptr(v) }

// intOrString is a DSL value that may be written as a number or a string, such as
// minimum_should_match ("2", "75%", "3<90%") or fuzziness ("AUTO", "1"). Whole numbers go
// out as JSON numbers, which is the form the documentation shows; anything else as a string.
type intOrString string

// MarshalJSON writes an integer as a number and anything else as a string.
func (v intOrString) MarshalJSON() ([]byte, error) {
	if _, err := strconv.ParseInt(string(v), 10, 64); err == nil {
		return []byte(v), nil
	}
	return jsonx.Marshal(string(v))
}

// wrap renders {"<name>": body}.
func wrap(name string, body any) ([]byte, error) {
	b, err := jsonx.Marshal(body)
	if err != nil {
		return nil, err
	}
	out := make([]byte, 0, len(name)+len(b)+5)
	out = append(out, '{')
	out = strconv.AppendQuote(out, name)
	out = append(out, ':')
	out = append(out, b...)
	return append(out, '}'), nil
}

// wrapField renders {"<name>": {"<field>": body}}, the shape of field-level queries.
func wrapField(name, field string, body any) ([]byte, error) {
	if field == "" {
		return nil, errMissingField(name)
	}
	b, err := jsonx.Marshal(body)
	if err != nil {
		return nil, err
	}
	fieldJSON, err := jsonx.Marshal(field)
	if err != nil {
		return nil, err
	}
	out := make([]byte, 0, len(name)+len(fieldJSON)+len(b)+8)
	out = append(out, '{')
	out = strconv.AppendQuote(out, name)
	out = append(out, ":{"...)
	out = append(out, fieldJSON...)
	out = append(out, ':')
	out = append(out, b...)
	return append(out, "}}"...), nil
}

func errMissingField(name string) error { return errors.New("query: " + name + " needs a field name") }

// member is one key of an orderedObject.
type member struct {
	Key   string
	Value any
}

// orderedObject marshals as a JSON object whose keys keep the slice order; it is used
// where a user-chosen key (a field name) sits beside fixed ones.
type orderedObject []member

// MarshalJSON renders the members in order.
func (o orderedObject) MarshalJSON() ([]byte, error) {
	out := []byte{'{'}
	for i, m := range o {
		if i > 0 {
			out = append(out, ',')
		}
		k, err := jsonx.Marshal(m.Key)
		if err != nil {
			return nil, err
		}
		v, err := jsonx.Marshal(m.Value)
		if err != nil {
			return nil, err
		}
		out = append(out, k...)
		out = append(out, ':')
		out = append(out, v...)
	}
	return append(out, '}'), nil
}

// isNil reports whether q is nil or a typed nil pointer, so a forgotten clause is an error
// instead of a JSON null the server rejects.
func isNil(q Query) bool {
	if q == nil {
		return true
	}
	v := reflect.ValueOf(q)
	switch v.Kind() {
	case reflect.Pointer, reflect.Map, reflect.Slice, reflect.Interface:
		return v.IsNil()
	}
	return false
}
