package types

import (
	"github.com/clustersearch/clustersearch-go/internal/jsonx"
)

// StringList is a list of strings that the server may write either as one
// string or as an array of strings (index names in msearch headers, for example).
// It always encodes as an array.
type StringList []string

// UnmarshalJSON accepts "a" as well as ["a","b"].
func (l *StringList) UnmarshalJSON(b []byte) error {
	return unmarshalStringOrList(b, (*[]string)(l))
}

func unmarshalStringOrList(b []byte, dst *[]string) error {
	if len(b) > 0 && b[0] == '"' {
		var s string
		if err := jsonx.Unmarshal(b, &s); err != nil {
			return err
		}
		*dst = []string{s}
		return nil
	}
	return jsonx.Unmarshal(b, dst)
}
