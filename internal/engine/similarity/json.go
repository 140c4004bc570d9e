package similarity

import (
	"strconv"

	"github.com/clustersearch/clustersearch-go/internal/engine/javafmt"
	"github.com/clustersearch/clustersearch-go/internal/engine/jsonout"
)

// AppendJSON appends the explanation as OpenSearch renders it in _explain and in hits'
// _explanation: {"value":...,"description":"...","details":[...]}, details always
// present, floats printed as Java's Float.toString and long values as integers.
func (e Explanation) AppendJSON(dst []byte) []byte {
	dst = append(dst, `{"value":`...)
	dst = e.appendValue(dst)
	dst = append(dst, `,"description":`...)
	dst = AppendJSONString(dst, e.Description)
	dst = append(dst, `,"details":[`...)
	for i, d := range e.Details {
		if i > 0 {
			dst = append(dst, ',')
		}
		dst = d.AppendJSON(dst)
	}
	return append(dst, "]}"...)
}

// ValueJSON is the JSON number text of the value ("2.2", "1.0E-4", or "4" for long
// values), for callers that build the response object themselves (e.g. as a json.Number,
// since formatting the float32 as a float64 would print extra digits).
func (e Explanation) ValueJSON() string {
	var buf [32]byte
	return string(e.appendValue(buf[:0]))
}

func (e Explanation) appendValue(dst []byte) []byte {
	if e.IsLong {
		return strconv.AppendInt(dst, e.Long, 10)
	}
	if e.IsDouble {
		return append(dst, javafmt.Double(e.Double)...)
	}
	return AppendFloat(dst, e.Value)
}

// MarshalJSON renders the explanation as AppendJSON does.
func (e Explanation) MarshalJSON() ([]byte, error) {
	return e.AppendJSON(nil), nil
}

// String is the compact JSON form, handy in test failures.
func (e Explanation) String() string {
	return string(e.AppendJSON(nil))
}

// AppendJSONString appends s as a JSON string escaped the way Jackson does
// (see jsonout.AppendString, the one implementation).
func AppendJSONString(dst []byte, s string) []byte { return jsonout.AppendString(dst, s) }
