// Package jsonx is the one place that imports the JSON codec (goccy/go-json).
//
// Everything else encodes and decodes through these functions, so the codec can be
// swapped or tuned in one file. Decoding always works on a byte slice: the stream
// decoder is markedly slower, and every caller has read the whole body anyway.
package jsonx

import (
	"encoding/json"

	gojson "github.com/goccy/go-json"
)

// RawMessage is a raw encoded JSON value. It is encoding/json's type, so the models
// that use it stay plain Go for callers who decode with the standard library.
type RawMessage = json.RawMessage

// Marshal returns the JSON encoding of v.
func Marshal(v any) ([]byte, error) { return gojson.Marshal(v) }

// Unmarshal decodes the JSON in data into v. A BodyDecoder decodes itself.
func Unmarshal(data []byte, v any) error {
	if d, ok := v.(BodyDecoder); ok {
		return d.DecodeBody(data)
	}
	return gojson.Unmarshal(data, v)
}

// Valid reports whether data is one valid JSON value.
func Valid(data []byte) bool { return gojson.Valid(data) }
