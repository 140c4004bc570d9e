package search

import (
	"math"

	"github.com/clustersearch/clustersearch-go/internal/engine/apierr"
	"github.com/clustersearch/clustersearch-go/internal/engine/dsl"
	"github.com/clustersearch/clustersearch-go/internal/engine/painless"
	"github.com/clustersearch/clustersearch-go/internal/engine/similarity"
	"github.com/clustersearch/clustersearch-go/internal/engine/xcontent"
)

// createErr is how QueryShardContext.toQuery reports a failure while building a query
// (a script that does not compile, a stored script it cannot find): a
// query_shard_exception "failed to create query: <message>" around it. What the fake
// does not support stays a plain 501.
func (c *shardCtx) createErr(e *apierr.Error) *apierr.Error {
	if e.Type == apierr.TypeUnsupportedOperation || e.Type == apierr.TypeQueryShard {
		return e
	}
	return c.failedToCreate(e)
}

// scriptQuery is the script query: a constant-score filter over the documents for which
// the script returns true (ScriptQueryBuilder.ScriptQuery).
func (c *shardCtx) scriptQuery(x *dsl.ScriptQuery, boost float32) (node, *apierr.Error) {
	ss, err := c.compileScript(&x.Script, filterContext)
	if err != nil {
		return nil, c.createErr(err)
	}
	r := c.r
	allLive := r.AllLive()
	return c.predNode("ScriptQuery("+scriptString(&x.Script)+nameArg(x.Name)+")", boost, func(slot int32) bool {
		// Lucene checks live docs before a two-phase match, and a failure ends the shard.
		if c.runErr != nil || (!allLive && !r.Live(slot)) {
			return false
		}
		v, err := ss.run(slot, 0)
		if err != nil {
			c.fail(err)
			return false
		}
		b, _ := v.(bool)
		return b
	}), nil
}

// scriptScoreQuery is the script_score query (ScriptScoreQuery): the inner query's
// matches, scored by the script times the boost; with min_score, lower scores drop out.
func (c *shardCtx) scriptScoreQuery(x *dsl.ScriptScore, boost float32, scores bool) (node, *apierr.Error) {
	ss, err := c.compileScript(&x.Script, scoreContext)
	if err != nil {
		return nil, c.createErr(err)
	}
	// Without scores (filter context, or a sort that needs none) and min_score the
	// script is not run: ScriptScoreQuery hands out the inner query's weight.
	if (!scores || c.skipScores) && x.MinScore == nil {
		return c.compile(x.Query, boost, false)
	}
	inner, err := c.compile(x.Query, 1, ss.usesScore)
	if err != nil {
		return nil, err
	}
	return &scriptScoreNode{inner: inner, ss: ss, boost: boost, minScore: x.MinScore, desc: scriptString(&x.Script), name: x.Query.Common().Name, c: c}, nil
}

type scriptScoreNode struct {
	inner    node
	ss       *searchScript
	boost    float32
	minScore *float32
	desc     string // Script.toString
	name     string // the inner query's _name, as ScriptScoreQueryBuilder passes it
	c        *shardCtx
}

// String is ScriptScoreQuery.toString (which leaves its parenthesis open).
func (n *scriptScoreNode) String() string {
	return "script_score (" + n.inner.String() + nameArg(n.name) + ", script: {" + n.desc + "}"
}

// nameArg is Functions.nameOrEmptyArg: ", _name: x" for a named query.
func nameArg(name string) string {
	if name == "" {
		return ""
	}
	return ", _name: " + name
}

// nameFunc is Functions.nameOrEmptyFunc: "(_name: x)" for a named function or query.
func nameFunc(name string) string {
	if name == "" {
		return ""
	}
	return "(_name: " + name + ")"
}

func (n *scriptScoreNode) iter() iterator { return &scriptScoreIter{n: n, inner: n.inner.iter()} }

// score runs the script on a document: ScriptScorer.score without the boost. A failure
// is recorded on the shard and scores 0.
func (n *scriptScoreNode) score(d int32, sub float32) float32 {
	if n.c.runErr != nil {
		return 0
	}
	v, err := n.ss.run(d, sub)
	if err != nil {
		n.c.fail(err)
		return 0
	}
	f, _ := v.(float64)
	s := float32(f)
	if s < 0 || s != s {
		n.c.fail(apierr.IllegalArgument("script_score script returned an invalid score [%s] for doc [%d]. Must be a non-negative score!", similarity.FormatFloat(s), d))
		return 0
	}
	return s
}

func (n *scriptScoreNode) explain(doc int32) similarity.Explanation {
	sub := n.inner.explain(doc)
	if n.name != "" { // Functions.explainWithName
		sub.Description += " " + nameFunc(n.name)
	}
	if !sub.Matched {
		return sub
	}
	it := n.inner.iter()
	it.advance(doc)
	s := n.score(doc, it.score())
	desc := "script score function, computed with script:\"" + n.desc + "\""
	ex := similarity.Match(s, desc)
	if n.ss.usesScore {
		ex = similarity.Match(s, desc, similarity.Match(sub.Value, "_score: ", sub))
	}
	if n.boost != 1 {
		ex = similarity.Match(n.boost*ex.Value, "Boosted score, product of:", similarity.Match(n.boost, "boost"), ex)
	}
	if n.minScore != nil && *n.minScore > ex.Value {
		ex = similarity.NoMatch("Score value is too low, expected at least "+similarity.FormatFloat(*n.minScore)+" but got "+similarity.FormatFloat(ex.Value), ex)
	}
	return ex
}

// scriptScoreIter scores the inner matches; with min_score it skips the ones below it
// (MinScoreScorer).
type scriptScoreIter struct {
	n     *scriptScoreNode
	inner iterator
	s     float32
}

func (it *scriptScoreIter) doc() int32            { return it.inner.doc() }
func (it *scriptScoreIter) next() int32           { return it.settle(it.inner.next()) }
func (it *scriptScoreIter) advance(t int32) int32 { return it.settle(it.inner.advance(t)) }
func (it *scriptScoreIter) cost() int64           { return it.inner.cost() }
func (it *scriptScoreIter) score() float32        { return it.s }
func (it *scriptScoreIter) settle(d int32) int32 {
	for d != noMore {
		if it.n.c.runErr != nil {
			return noMore // the shard has failed
		}
		var sub float32
		if it.n.ss.usesScore {
			sub = it.inner.score()
		}
		it.s = it.n.score(d, sub) * it.n.boost
		if it.n.minScore == nil || it.s >= *it.n.minScore {
			return d
		}
		d = it.inner.next()
	}
	return d
}

// scriptFunc is function_score's script_score function (ScriptScoreFunction).
type scriptFunc struct {
	ss   *searchScript
	desc string
	name string // the function's _name
	node *funcScoreNode
}

// newScriptFunc reads a script_score function object: {"script": ...}.
func (c *shardCtx) newScriptFunc(v *xcontent.Value, name string) (*scriptFunc, *apierr.Error) {
	var ds *dsl.Script
	for i := range v.Members {
		m := &v.Members[i]
		if m.Key != "script" {
			return nil, apierr.New(apierr.TypeParsing, "script_score query does not support ["+m.Key+"]")
		}
		s, err := parseScriptValue(&m.Value)
		if err != nil {
			return nil, err
		}
		ds = s
	}
	if ds == nil {
		return nil, apierr.New(apierr.TypeParsing, "script_score the script could not be loaded")
	}
	ss, err := c.compileScript(ds, scoreContext)
	if err != nil {
		return nil, c.createErr(err)
	}
	return &scriptFunc{ss: ss, desc: scriptString(ds), name: name}, nil
}

// value is LeafScoreFunction.score: the script's result, which must not be negative.
func (f *scriptFunc) value(c *shardCtx, d int32) float64 {
	if c.runErr != nil {
		return 1
	}
	v, err := f.ss.run(d, f.node.sub)
	if err != nil {
		c.fail(err)
		return 1
	}
	r, _ := v.(float64)
	if r < 0 {
		c.fail(apierr.IllegalArgument("script score function must not produce negative scores, but got: [%s]", painless.ToJavaString(r)))
		return 1
	}
	return r
}

// explainScripts is FunctionScoreQuery's explanation when every function is a
// script_score or a bare weight (the functions whose own explanations the fake writes).
func (f *funcScoreNode) explainScripts(doc int32, sub similarity.Explanation) (similarity.Explanation, bool) {
	if len(f.funcs) == 0 {
		return similarity.Explanation{}, false
	}
	for _, sf := range f.funcs {
		if sf.script == nil && (sf.fvf != nil || sf.decay != nil || sf.random != nil) {
			return similarity.Explanation{}, false
		}
	}
	f.sub = sub.Value
	var exps []similarity.Explanation
	for i := range f.funcs {
		sf := &f.funcs[i]
		filtered := realFilter(sf.filter)
		if filtered && sf.filter.iter().advance(doc) != doc {
			continue
		}
		var e similarity.Explanation
		if sf.script != nil {
			v := float32(sf.script.value(f.c, doc))
			e = similarity.Match(v, "script score function"+nameFunc(sf.script.name)+", computed with script:\""+sf.script.desc+"\"",
				similarity.Match(sub.Value, "_score: ", sub))
		} else {
			e = similarity.Match(1, "constant score 1.0 - no function provided")
		}
		if sf.hasWeight {
			w := float32(sf.weight)
			e = similarity.Match(e.Value*w, "product of:", e, similarity.Match(w, "weight"))
		}
		if filtered {
			e = similarity.Match(e.Value, "function score, product of:", similarity.Match(1, "match filter: "+sf.filter.String()), e)
		}
		exps = append(exps, e)
	}
	var factor similarity.Explanation
	switch {
	case len(exps) == 0:
		factor = similarity.Match(1, "No function matched")
	case len(f.funcs) == 1 && !realFilter(f.funcs[0].filter):
		factor = exps[0]
	default:
		v := f.factor(doc, func(i int) bool {
			fl := f.funcs[i].filter
			return fl == nil || fl.iter().advance(doc) == doc
		})
		mode := f.scoreMode
		if mode == "" {
			mode = "multiply"
		}
		factor = similarity.Match(float32(v), "function score, score mode ["+mode+"]", exps...)
	}
	ex := combineExplain(f.boostMode, sub, factor, float32(f.maxBoost))
	if f.minScore != nil && *f.minScore > ex.Value {
		ex = similarity.NoMatch("Score value is too low, expected at least "+similarity.FormatFloat(*f.minScore)+" but got "+similarity.FormatFloat(ex.Value), ex)
	}
	return ex, true
}

// combineExplain is CombineFunction.explain.
func combineExplain(mode string, q, fn similarity.Explanation, maxBoost float32) similarity.Explanation {
	capped := float32(math.Min(float64(fn.Value), float64(maxBoost)))
	minExpl := similarity.Match(capped, "min of:", fn, similarity.Match(maxBoost, "maxBoost"))
	switch mode {
	case "replace":
		return minExpl
	case "sum":
		return similarity.Match(capped+q.Value, "sum of", q, minExpl)
	case "avg":
		return similarity.Match(float32((float64(capped)+float64(q.Value))/2.0), "avg of", q, minExpl)
	case "min":
		return similarity.Match(float32(math.Min(float64(capped), float64(q.Value))), "min of", q, minExpl)
	case "max":
		return similarity.Match(float32(math.Max(float64(capped), float64(q.Value))), "max of:", q, minExpl)
	}
	return similarity.Match(q.Value*capped, "function score, product of:", q, minExpl)
}

// realFilter reports whether a function has a filter other than match_all, which
// FunctionScoreQueryBuilder drops (the function is then no FilterScoreFunction).
func realFilter(n node) bool {
	return n != nil && n.String() != similarity.MatchAllQuery
}
