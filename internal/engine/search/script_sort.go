package search

import (
	"strings"

	"github.com/clustersearch/clustersearch-go/internal/engine/apierr"
)

// scriptKeyReader compiles a _script sort for this shard (ScriptSortBuilder.build): a
// number_sort script for type number, a string_sort script for type string.
func (c *shardCtx) scriptKeyReader(k *keyReader) (*keyReader, *apierr.Error) {
	sc := numberSortContext
	if k.s.ScriptType == "string" {
		sc = stringSortContext
	}
	ss, err := c.compileScript(k.s.Script, sc)
	if err != nil {
		return nil, err
	}
	k.script = ss
	return k, nil
}

// scriptValue runs the sort script on a document. A failure fails the shard.
func (k *keyReader) scriptValue(slot int32, score float32) sortValue {
	c := k.script.c
	if c.runErr != nil {
		return sortValue{missing: true, isStr: k.s.ScriptType == "string"}
	}
	v, err := k.script.run(slot, score)
	if err != nil {
		c.fail(err)
		return sortValue{missing: true, isStr: k.s.ScriptType == "string"}
	}
	if k.s.ScriptType == "string" {
		s, ok := v.(string)
		if !ok {
			// StringSortScript turns the result into a BytesRef: null fails there.
			c.fail(apierr.New("null_pointer_exception", "[fake] the string sort script returned null"))
			return sortValue{missing: true, isStr: true}
		}
		return sortValue{isStr: true, str: s}
	}
	f, _ := v.(float64)
	return sortValue{num: f}
}

// scriptSortUsesScore reports whether a _script sort reads _score, which makes the
// query compute scores.
func scriptSortUsesScore(s Sort) bool {
	return s.Kind == SortScript && s.Script != nil && strings.Contains(s.Script.Source, "_score")
}
