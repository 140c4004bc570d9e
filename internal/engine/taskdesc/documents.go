package taskdesc

import (
	"strconv"
	"strings"

	"github.com/clustersearch/clustersearch-go/internal/engine/jsonout"
	"github.com/clustersearch/clustersearch-go/internal/engine/painless"
	upd "github.com/clustersearch/clustersearch-go/internal/engine/update"
)

// Index is IndexRequest.toString, the description of an index or create
// request: id is "null" for a generated one.
func Index(index, id string, source []byte) string {
	return "index {[" + index + "][" + id + "], source[" + SourceForMessage(source) + "]}"
}

// Delete is DeleteRequest.toString.
func Delete(index, id string) string { return "delete {[" + index + "][" + id + "]}" }

// Bulk is BulkRequest.getDescription: the number of requests and the set
// of target indexes (a HashSet, printed in its iteration order).
func Bulk(requests int, targets []string) string {
	set := painless.NewHashMap(4)
	for _, n := range targets {
		set.Set(n, true)
	}
	names := make([]string, 0, set.Len())
	for _, k := range set.Keys() {
		names = append(names, k.(string))
	}
	return "requests[" + strconv.Itoa(requests) + "], indices[" + strings.Join(names, ", ") + "]"
}

// Update is UpdateRequest.toString: the partial document and the upsert
// print as their IndexRequests (no index or id of their own).
func Update(index, id string, req *upd.Request) string {
	var b strings.Builder
	b.WriteString("update {[" + index + "][" + id + "]")
	b.WriteString(", doc_as_upsert[" + strconv.FormatBool(req.DocAsUpsert) + "]")
	if req.Doc != nil {
		b.WriteString(", doc[" + Index("null", "null", req.Doc) + "]")
	}
	if req.Script != nil {
		b.WriteString(", script[" + req.Script.String() + "]")
	}
	if req.Upsert != nil {
		b.WriteString(", upsert[" + Index("null", "null", req.Upsert) + "]")
	}
	b.WriteString(", scripted_upsert[" + strconv.FormatBool(req.ScriptedUpsert) + "]")
	b.WriteString(", detect_noop[" + strconv.FormatBool(req.DetectNoop) + "]}")
	return b.String()
}

// maxSourceInMessage is IndexRequest.MAX_SOURCE_LENGTH_IN_TOSTRING.
const maxSourceInMessage = 2048

// SourceForMessage prints a document source as IndexRequest.toString does:
// compact JSON, or its size when longer than 2kb.
func SourceForMessage(src []byte) string {
	if len(src) > maxSourceInMessage {
		return "n/a, actual length: [" + ByteSize(int64(len(src))) + "], max length: " + ByteSize(maxSourceInMessage)
	}
	v, err := jsonout.Decode(src)
	if err != nil {
		return "_na_"
	}
	out, err := jsonout.Marshal(v)
	if err != nil {
		return "_na_"
	}
	return string(out)
}

// ByteSize prints a byte count as ByteSizeValue.toString: the largest unit
// with at least one whole unit, one decimal at most ("2kb", "2.9kb").
func ByteSize(n int64) string {
	units := []string{"b", "kb", "mb", "gb", "tb", "pb"}
	v := float64(n)
	u := 0
	for v >= 1024 && u < len(units)-1 {
		v /= 1024
		u++
	}
	s := strconv.FormatFloat(float64(int64(v*10))/10, 'f', 1, 64)
	if len(s) > 2 && s[len(s)-2:] == ".0" {
		s = s[:len(s)-2]
	}
	return s + units[u]
}
