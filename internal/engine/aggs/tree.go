package aggs

import (
	"regexp"
	"sort"

	"github.com/clustersearch/clustersearch-go/internal/engine/apierr"
	"github.com/clustersearch/clustersearch-go/internal/engine/dsl"
	"github.com/clustersearch/clustersearch-go/internal/engine/xcontent"
)

// Tree is a parsed aggregations section: the top-level aggregations in
// request order.
type Tree struct {
	Aggs []*Agg
	// Pipes are the top-level (sibling) pipeline aggregations.
	Pipes []*Agg
}

// Agg is one aggregation of the tree.
type Agg struct {
	Name string
	Type string
	// Meta is the aggregation's meta object (nil when absent), echoed in the
	// response.
	Meta any
	// Subs are the sub-aggregations, in request order; Pipes the pipeline
	// aggregations among them, which run after the reduce.
	Subs  []*Agg
	Pipes []*Agg
	spec  spec
	// line and col locate the type's body, for errors.
	line, col int
}

// spec is an aggregation type's parsed options.
type spec interface {
	// collector builds the aggregation's collector on one shard.
	collector(env *shardEnv, a *Agg) (collector, *apierr.Error)
}

// subsValidator is a spec that checks its options against the
// aggregation's sub-aggregations (order paths) once they are parsed.
type subsValidator interface {
	validateSubs(a *Agg) *apierr.Error
}

// validName is the pattern AggregatorFactories accepts for names.
var validName = regexp.MustCompile(`^[^\[\]>]+$`)

// Parse reads an aggs (or aggregations) object of a search body; warn
// receives the deprecation warnings the request earns (may be nil).
func Parse(v *xcontent.Value, warn func(string)) (*Tree, *apierr.Error) {
	aggs, pipes, err := parseLevel(v, 0, warn)
	if err != nil {
		return nil, err
	}
	t := &Tree{Aggs: aggs, Pipes: pipes}
	return t, t.validatePipelines()
}

func parseErr(line, col int, format string, args ...any) *apierr.Error {
	e := apierr.New(apierr.TypeParsing, sprintf(format, args...))
	e.Status = 400
	e.Meta = []apierr.Meta{{Key: "line", Value: line}, {Key: "col", Value: col}}
	return e
}

func parseLevel(v *xcontent.Value, level int, warn func(string)) (aggs, pipes []*Agg, err *apierr.Error) {
	if v.Kind != xcontent.Object {
		return nil, nil, parseErr(v.Line, v.Col, "Unexpected token %s in [aggs]: aggregations definitions must start with the name of the aggregation.", v.Token())
	}
	names := map[string]bool{}
	for i := range v.Members {
		m := &v.Members[i]
		if !validName.MatchString(m.Key) {
			return nil, nil, parseErr(m.Line, m.Col, "Invalid aggregation name [%s]. Aggregation names can contain any character except '[', ']', and '>'", m.Key)
		}
		a, err := parseAgg(m, level, warn)
		if err != nil {
			return nil, nil, err
		}
		if names[a.Name] {
			return nil, nil, apierr.IllegalArgument("Two sibling aggregations cannot have the same name: [%s]", a.Name)
		}
		names[a.Name] = true
		if registry[a.Type].pipeline {
			pipes = append(pipes, a)
		} else {
			aggs = append(aggs, a)
		}
	}
	return aggs, pipes, nil
}

func parseAgg(m *xcontent.Member, level int, warn func(string)) (*Agg, *apierr.Error) {
	name := m.Key
	body := &m.Value
	if body.Kind != xcontent.Object {
		return nil, parseErr(body.Line, body.Col, "Aggregation definition for [%s starts with a [%s], expected a [START_OBJECT].", name, body.Token())
	}
	a := &Agg{Name: name}
	subsSeen := false
	for i := range body.Members {
		f := &body.Members[i]
		val := &f.Value
		if val.Kind != xcontent.Object {
			return nil, parseErr(val.Line, val.Col, "Expected [START_OBJECT] under [%s], but got a [%s] in [%s]", f.Key, val.Token(), name)
		}
		switch f.Key {
		case "meta":
			a.Meta = val.Interface()
		case "aggs", "aggregations":
			if subsSeen {
				return nil, parseErr(val.Line, val.Col, "Found two sub aggregation definitions under [%s]", name)
			}
			subsSeen = true
			subs, pipes, err := parseLevel(val, level+1, warn)
			if err != nil {
				return nil, err
			}
			a.Subs, a.Pipes = subs, pipes
		default:
			if a.Type != "" {
				return nil, parseErr(val.Line, val.Col, "Found two aggregation type definitions in [%s]: [%s] and [%s]", name, a.Type, f.Key)
			}
			k, ok := registry[f.Key]
			if !ok {
				e := parseErr(val.Line, val.Col, "Unknown aggregation type [%s]%s", f.Key, dsl.DidYouMean(f.Key, typeNames()))
				e.Cause = apierr.New("named_object_not_found_exception", sprintf("[%d:%d] unknown field [%s]", val.Line, val.Col, f.Key))
				e.Cause.Status = 400
				return nil, e
			}
			a.Type, a.line, a.col = f.Key, val.Line, val.Col
			s, err := k.parse(&parser{agg: a, v: val, warn: warn})
			if err != nil {
				return nil, err
			}
			a.spec = s
		}
	}
	if a.Type == "" {
		return nil, parseErr(body.EndLine, body.EndCol, "Missing definition for aggregation [%s]", name)
	}
	if subsSeen && registry[a.Type].pipeline {
		return nil, parseErr(body.EndLine, body.EndCol, "Aggregation [%s] cannot define sub-aggregations", name)
	}
	// Order paths name sub-aggregations, which may follow the type's body.
	if v, ok := a.spec.(subsValidator); ok {
		if err := v.validateSubs(a); err != nil {
			return nil, err
		}
	}
	if k := registry[a.Type]; subsSeen && k.noSubs {
		return nil, apierr.New("aggregation_initialization_exception", sprintf("Aggregator [%s] of type [%s] cannot accept sub-aggregations", name, a.Type))
	}
	return a, nil
}

// typeNames lists every registered aggregation type, the candidates of
// "did you mean".
func typeNames() []string {
	out := make([]string, 0, len(registry))
	for n := range registry {
		out = append(out, n)
	}
	sort.Strings(out)
	return out
}

// querySpec is a spec that holds queries (filter, filters): their terms
// lookups are fetched before the shards run.
type querySpec interface {
	queries() []dsl.Query
}

// Queries returns every query the tree's aggregations hold.
func (t *Tree) Queries() []dsl.Query {
	var out []dsl.Query
	var walk func(list []*Agg)
	walk = func(list []*Agg) {
		for _, a := range list {
			if q, ok := a.spec.(querySpec); ok {
				out = append(out, q.queries()...)
			}
			walk(a.Subs)
		}
	}
	walk(t.Aggs)
	return out
}
