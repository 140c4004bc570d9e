package notify

import (
	"strconv"

	"github.com/clustersearch/clustersearch-go/internal/engine/jsonout"
)

// jsonWriter writes compact JSON in a fixed key order, escaping strings the
// way Jackson does (no HTML escaping, non-ASCII kept as is).
type jsonWriter struct {
	buf []byte
	// first[i] is true while the container at depth i has no element yet.
	first []bool
	// afterKey is set between a key and its value.
	afterKey bool
}

func (w *jsonWriter) sep() {
	if w.afterKey {
		w.afterKey = false
		return
	}
	if n := len(w.first); n > 0 {
		if !w.first[n-1] {
			w.buf = append(w.buf, ',')
		}
		w.first[n-1] = false
	}
}

func (w *jsonWriter) obj() {
	w.sep()
	w.buf = append(w.buf, '{')
	w.first = append(w.first, true)
}

func (w *jsonWriter) arr() {
	w.sep()
	w.buf = append(w.buf, '[')
	w.first = append(w.first, true)
}

func (w *jsonWriter) end() {
	w.buf = append(w.buf, '}')
	w.first = w.first[:len(w.first)-1]
}

func (w *jsonWriter) endArr() {
	w.buf = append(w.buf, ']')
	w.first = w.first[:len(w.first)-1]
}

func (w *jsonWriter) key(k string) {
	w.sep()
	w.buf = jsonout.AppendString(w.buf, k)
	w.buf = append(w.buf, ':')
	w.afterKey = true
}

func (w *jsonWriter) str(s string) {
	w.sep()
	w.buf = jsonout.AppendString(w.buf, s)
}

func (w *jsonWriter) int(n int64) {
	w.sep()
	w.buf = strconv.AppendInt(w.buf, n, 10)
}

func (w *jsonWriter) bool(b bool) {
	w.sep()
	w.buf = strconv.AppendBool(w.buf, b)
}

// raw appends an already-encoded JSON value.
func (w *jsonWriter) raw(b []byte) {
	w.sep()
	w.buf = append(w.buf, b...)
}

// strField writes "k":"v".
func (w *jsonWriter) strField(k, v string) {
	w.key(k)
	w.str(v)
}

// intField writes "k":n.
func (w *jsonWriter) intField(k string, n int64) {
	w.key(k)
	w.int(n)
}

// boolField writes "k":b.
func (w *jsonWriter) boolField(k string, b bool) {
	w.key(k)
	w.bool(b)
}

func (w *jsonWriter) strList(list []string) {
	w.arr()
	for _, s := range list {
		w.str(s)
	}
	w.endArr()
}

func (w *jsonWriter) bytes() []byte { return w.buf }
