package documents

import (
	"bytes"
	"strconv"

	"github.com/clustersearch/clustersearch-go/internal/jsonx"
)

// appendIndexerLines appends op's lines to buf as AppendBulkLines does,
// byte for byte, writing the action line by hand for index, create and
// delete operations whose strings need no escaping (the usual case):
// that saves the marshalling of the metadata and its allocation. The
// document is encoded by enc straight into buf, not into a slice of its
// own that is then copied. Anything else is left to AppendBulkLines. On
// error buf is returned as it was given.
func appendIndexerLines(buf []byte, op BulkOperation, enc *jsonx.LineEncoder) ([]byte, error) {
	var action string
	var meta *BulkMeta
	var document any
	hasDoc := true
	switch o := op.(type) {
	case *BulkIndex:
		if o != nil {
			action, meta, document = "index", &o.BulkMeta, o.Document
		}
	case *BulkCreate:
		if o != nil {
			action, meta, document = "create", &o.BulkMeta, o.Document
		}
	case *BulkDelete:
		if o != nil && o.ID != "" {
			action, meta, hasDoc = "delete", &o.BulkMeta, false
		}
	}
	if meta == nil || !plainMeta(meta) {
		out, err := AppendBulkLines(buf, op)
		if err != nil {
			return buf, err
		}
		return out, nil
	}
	var doc any
	if hasDoc {
		var err error
		if doc, err = documentBody(document); err != nil {
			return buf, err
		}
	}
	given := len(buf)
	buf = append(buf, `{"`...)
	buf = append(buf, action...)
	buf = append(buf, `":{`...)
	start := len(buf)
	buf = appendPlainField(buf, start, "_index", meta.Index)
	buf = appendPlainField(buf, start, "_id", meta.ID)
	buf = appendPlainField(buf, start, "routing", meta.Routing)
	buf = appendIntField(buf, start, "if_seq_no", meta.IfSeqNo)
	buf = appendIntField(buf, start, "if_primary_term", meta.IfPrimaryTerm)
	buf = appendIntField(buf, start, "version", meta.Version)
	buf = appendPlainField(buf, start, "version_type", string(meta.VersionType))
	if meta.RequireAlias != nil {
		buf = appendKey(buf, start, "require_alias")
		buf = strconv.AppendBool(buf, *meta.RequireAlias)
	}
	buf = appendPlainField(buf, start, "pipeline", meta.Pipeline)
	buf = append(buf, "}}\n"...)
	if !hasDoc {
		return buf, nil
	}
	if raw, ok := doc.([]byte); ok {
		return appendLine(buf, raw), nil
	}
	line := len(buf)
	buf, err := enc.AppendLine(buf, doc)
	if err != nil {
		return buf[:given], err
	}
	spaceNewlines(buf[line : len(buf)-1])
	return buf, nil
}

// spaceNewlines turns the newlines of an encoded value into spaces, as
// appendLine does (a marshaller's output may hold some between tokens).
func spaceNewlines(b []byte) {
	if bytes.IndexByte(b, '\n') < 0 && bytes.IndexByte(b, '\r') < 0 {
		return
	}
	for i, c := range b {
		if c == '\n' || c == '\r' {
			b[i] = ' '
		}
	}
}

// plainMeta reports whether every string of m is printable ASCII that JSON
// (and the codec, which also escapes <, > and &) writes as it stands.
func plainMeta(m *BulkMeta) bool {
	return plainJSON(m.Index) && plainJSON(m.ID) && plainJSON(m.Routing) && plainJSON(string(m.VersionType)) && plainJSON(m.Pipeline)
}

func plainJSON(s string) bool {
	for i := 0; i < len(s); i++ {
		switch c := s[i]; {
		case c < 0x20, c >= 0x7f, c == '"', c == '\\', c == '<', c == '>', c == '&':
			return false
		}
	}
	return true
}

// appendKey writes "key": after a comma unless it opens the object at start.
func appendKey(buf []byte, start int, key string) []byte {
	if len(buf) > start {
		buf = append(buf, ',')
	}
	buf = append(buf, '"')
	buf = append(buf, key...)
	return append(buf, `":`...)
}

// appendPlainField writes "key":"value" unless value is empty (omitempty).
func appendPlainField(buf []byte, start int, key, value string) []byte {
	if value == "" {
		return buf
	}
	buf = appendKey(buf, start, key)
	buf = append(buf, '"')
	buf = append(buf, value...)
	return append(buf, '"')
}

// appendIntField writes "key":n unless n is nil.
func appendIntField(buf []byte, start int, key string, n *int64) []byte {
	if n == nil {
		return buf
	}
	return strconv.AppendInt(appendKey(buf, start, key), *n, 10)
}
