package nodes

import (
	"strconv"

	"github.com/clustersearch/clustersearch-go/internal/jsonx"
)

// NumberOrString keeps a value the server writes either as a JSON number (123) or as
// a string ("1.2kb", "0s"), exactly as written, so it re-encodes unchanged.
type NumberOrString []byte

// MarshalJSON writes the value as it was read; an empty value is null.
func (v NumberOrString) MarshalJSON() ([]byte, error) {
	if len(v) == 0 {
		return []byte("null"), nil
	}
	return v, nil
}

// UnmarshalJSON keeps a copy of the raw number or string token.
func (v *NumberOrString) UnmarshalJSON(b []byte) error {
	*v = append((*v)[:0], b...)
	return nil
}

// String returns the text of the value: a string without its quotes, a number as written.
func (v NumberOrString) String() string {
	if len(v) > 0 && v[0] == '"' {
		var s string
		if jsonx.Unmarshal(v, &s) == nil {
			return s
		}
	}
	return string(v)
}

// Int64 returns the value when it is a whole number.
func (v NumberOrString) Int64() (int64, bool) {
	n, err := strconv.ParseInt(string(v), 10, 64)
	return n, err == nil
}
