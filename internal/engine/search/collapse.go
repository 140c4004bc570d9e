package search

import (
	"strconv"

	"github.com/clustersearch/clustersearch-go/internal/engine/apierr"
	"github.com/clustersearch/clustersearch-go/internal/engine/shard"
)

// checkCollapse rejects fields without single-valued doc values to group on.
func (c *shardCtx) checkCollapse(field string) *apierr.Error {
	f := c.field(field)
	if f != nil && f.Derived != nil {
		// a derived field type has no collapse type of its own
		return apierr.IllegalArgument("unknown type for collapse field `%s`, only keywords and numbers are accepted", field)
	}
	switch kindOf(f) {
	case kindKeyword, kindLong, kindDouble, kindDate, kindBool:
		return nil
	case kindUnmapped:
		return apierr.IllegalArgument("no mapping found for `%s` in order to collapse on", field)
	}
	return apierr.IllegalArgument("unknown type for collapse field `%s`, only keywords and numbers are accepted", field)
}

// collapseKey is a document's first value of the collapse field (nil when
// it has none): a string for keywords, an int64 or a float64 for numbers.
func collapseKey(c *shardCtx, field string, slot int32) any {
	if c.underNested(field) {
		return nil // the root documents hold no values of nested fields
	}
	f := c.field(field)
	if f != nil {
		field = f.Path // an alias collapses on its target
	}
	switch kindOf(f) {
	case kindKeyword:
		if vs := c.r.Keywords(field, slot, nil); len(vs) > 0 {
			return vs[0]
		}
	case kindDouble:
		if vs := c.r.Doubles(field, slot, nil); len(vs) > 0 {
			return vs[0]
		}
	default:
		if vs := c.r.Longs(field, slot, nil); len(vs) > 0 {
			return vs[0]
		}
	}
	return nil
}

// collapse keeps the first (best) entry of each collapse key, in order.
func collapse(req *Request, readers []*shard.Reader, all []entry) []entry {
	seen := map[string]bool{}
	out := all[:0]
	for _, e := range all {
		t := req.Targets[e.target]
		c := &shardCtx{r: readers[e.target], idx: t.Index, m: t.Index.Mapping()}
		var key string
		switch v := collapseKey(c, req.Collapse, e.slot).(type) {
		case nil:
			key = "\x00null"
		case string:
			key = "s" + v
		case int64:
			key = "l" + strconv.FormatInt(v, 10)
		case float64:
			key = "d" + strconv.FormatFloat(v, 'g', -1, 64)
		}
		if !seen[key] {
			seen[key] = true
			out = append(out, e)
		}
	}
	return out
}
