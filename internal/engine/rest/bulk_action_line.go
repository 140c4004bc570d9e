package rest

import (
	"bytes"

	"github.com/clustersearch/clustersearch-go/internal/engine/jsonout"
)

// plainBulkAction reads an action line written as clients write them,
// {"<action>":{...}} with no white space around the action and metadata
// without nested objects or arrays, decoding only the metadata object:
// the line's own object, key and boxing would be allocated per item and
// thrown away. It reports false for any other line, which parseBulk then
// decodes whole (and words the errors of); for the lines it reads, that
// decoding gives the same action and metadata.
func plainBulkAction(raw []byte) (string, jsonout.Object, bool) {
	if len(raw) < 2 || raw[0] != '{' || raw[1] != '"' || raw[len(raw)-1] != '}' {
		return "", nil, false
	}
	for _, action := range [...]string{"index", "create", "update", "delete"} {
		head := len(action) + 4 // {"<action>":
		if len(raw) <= head || string(raw[2:2+len(action)]) != action || raw[2+len(action)] != '"' || raw[3+len(action)] != ':' {
			continue
		}
		inner := raw[head : len(raw)-1]
		// Nesting stays out: the whole line is one level deeper than its
		// metadata, which decoding alone would not see past its limit.
		if len(inner) == 0 || inner[0] != '{' || bytes.IndexAny(inner[1:], "{[") >= 0 {
			return "", nil, false
		}
		v, err := jsonout.Decode(inner)
		meta, ok := v.(jsonout.Object)
		if err != nil || !ok {
			return "", nil, false
		}
		return action, meta, true
	}
	return "", nil, false
}
