package search

import (
	"sort"
	"strings"

	"github.com/clustersearch/clustersearch-go/internal/engine/apierr"
	"github.com/clustersearch/clustersearch-go/internal/engine/similarity"
)

// docValueFieldNames expands docvalue_fields patterns against the mapping.
func (c *shardCtx) docValueFieldNames(patterns []string) []string {
	var out []string
	for _, p := range patterns {
		if strings.Contains(p, "*") {
			out = append(out, c.expand(p, false)...)
		} else {
			out = append(out, p)
		}
	}
	return out
}

// checkDocValueFields rejects text fields, which have no doc values.
func (c *shardCtx) checkDocValueFields(patterns []string) *apierr.Error {
	for _, name := range c.docValueFieldNames(patterns) {
		if f := c.field(name); kindOf(f) == kindBinary && f.Params["doc_values"] != true {
			return apierr.IllegalArgument("Can't load fielddata on [%s] because fielddata is unsupported on fields of type [binary]. Use doc values instead.", name)
		} else if kindOf(f) == kindText {
			if fd, _ := f.Params["fielddata"].(bool); !fd {
				return apierr.IllegalArgument("Text fields are not optimised for operations that require per-document field data like aggregations and sorting, so these operations are disabled by default. Please use a keyword field instead. Alternatively, set fielddata=true on [%s] in order to load field data by uninverting the inverted index. Note that this can use significant memory.", name)
			}
		}
	}
	return nil
}

// docValues reads the doc values of the requested fields for one slot.
func (c *shardCtx) docValues(patterns []string, slot int32) []FieldValues {
	var out []FieldValues
	for _, name := range c.docValueFieldNames(patterns) {
		if name == "_seq_no" {
			out = append(out, FieldValues{Field: name, Type: "long", Values: []any{c.seqNoOf(slot)}})
			continue
		}
		f := c.field(name)
		if f == nil || f.Derived != nil || c.underNested(name) { // nested values live on the nested documents; derived fields have none
			continue
		}
		fv := FieldValues{Field: name, Type: f.Type}
		switch kindOf(f) {
		// Doc values come back sorted (and keywords deduplicated), as
		// Lucene's sorted numeric and sorted set doc values hold them.
		case kindIP, kindBinary, kindUnsigned, kindGeo, kindConstant:
			fv.Values = c.docValuesExtra(f, slot)
		case kindKeyword:
			vs := c.r.Keywords(f.Path, slot, nil)
			sort.Strings(vs)
			for i, v := range vs {
				if i == 0 || v != vs[i-1] {
					fv.Values = append(fv.Values, v)
				}
			}
		case kindLong, kindDate, kindBool:
			vs := c.r.Longs(f.Path, slot, nil)
			sort.Slice(vs, func(i, j int) bool { return vs[i] < vs[j] })
			for _, v := range vs {
				fv.Values = append(fv.Values, v)
			}
		case kindDouble:
			vs := c.r.Doubles(f.Path, slot, nil)
			sort.Float64s(vs)
			for _, v := range vs {
				fv.Values = append(fv.Values, v)
			}
		}
		if len(fv.Values) > 0 {
			out = append(out, fv)
		}
	}
	return out
}

// postFilterNode keeps the main query's matches and scores where the post
// filter also matches.
type postFilterNode struct {
	main, filter node
}

func (p *postFilterNode) String() string { return p.main.String() }
func (p *postFilterNode) iter() iterator {
	m := p.main.iter()
	return newConj([]iterator{m, p.filter.iter()}, []iterator{m})
}
func (p *postFilterNode) explain(doc int32) similarity.Explanation { return p.main.explain(doc) }
