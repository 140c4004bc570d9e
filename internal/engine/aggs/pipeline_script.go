package aggs

import (
	"errors"

	"github.com/clustersearch/clustersearch-go/internal/engine/apierr"
	"github.com/clustersearch/clustersearch-go/internal/engine/dsl"
	"github.com/clustersearch/clustersearch-go/internal/engine/painless"
	"github.com/clustersearch/clustersearch-go/internal/engine/update"
	"github.com/clustersearch/clustersearch-go/internal/engine/xcontent"
)

// ScriptCompiler compiles the scripts of bucket_script, bucket_selector,
// moving_fn and scripted_metric (the node's script cache: language checks,
// compilation limits), for their contexts.
type ScriptCompiler interface {
	Compile(lang, context, source string, opts painless.CompileOptions) (*painless.Script, error)
}

// SetScripts gives the tree's pipeline scripts the node's compiler; without
// one they compile directly. Call it before Reduce, from the goroutine
// that runs the search.
func (t *Tree) SetScripts(c ScriptCompiler) {
	var walk func(list []*Agg)
	walk = func(list []*Agg) {
		for _, a := range list {
			if s, ok := a.spec.(interface{ scriptOf() *pipeScript }); ok {
				s.scriptOf().compiler = c
			}
			walk(a.Subs)
			walk(a.Pipes)
		}
	}
	walk(t.Aggs)
	walk(t.Pipes)
}

// pipeScript is a pipeline's script, compiled at reduce time as
// ScriptService.compile does on the coordinating node.
type pipeScript struct {
	def      *dsl.Script
	compiler ScriptCompiler
}

func (s *pipeScript) scriptOf() *pipeScript { return s }

// parseScriptValue reads a script field (a string or an object).
func parseScriptValue(p *parser, m *xcontent.Member) (*pipeScript, *apierr.Error) {
	d, err := dsl.ParseScript(&m.Value)
	if err != nil {
		return nil, fromX(err)
	}
	return &pipeScript{def: d}, nil
}

// compile compiles the script for a context: name and bound variables,
// and the execute method's return type.
func (s *pipeScript) compile(context string, vars []string, returns string) (*painless.Script, *apierr.Error) {
	d := s.def
	if d.ID != "" {
		return nil, apierr.New(apierr.TypeResourceNotFound, "unable to find script ["+d.ID+"] in cluster state")
	}
	if d.Lang == "expression" {
		// OpenSearch's expression engine runs bucket scripts; the fake has none
		return nil, apierr.Unsupported("the [expression] script language")
	}
	opts := painless.CompileOptions{Options: d.Options, Vars: vars, ReturnsValue: true, NoCtx: true, Returns: returns, MovingFunctions: context == "moving-function"}
	var sc *painless.Script
	var err error
	if s.compiler != nil {
		sc, err = s.compiler.Compile(d.Lang, context, d.Source, opts)
	} else if err = painless.CheckLang(d.Lang, context); err == nil {
		sc, err = painless.Compile(d.Source, opts)
	}
	if err != nil {
		return nil, scriptError(err)
	}
	return sc, nil
}

// params is a fresh HashMap of the script's params, to which the pipeline
// adds its variables.
func (s *pipeScript) params() (*painless.Map, *apierr.Error) {
	out := painless.NewHashMap(4)
	if s.def.Params == nil {
		return out, nil
	}
	p, err := painless.ParseJSONHashMap(s.def.Params.AppendJSON(nil))
	if err != nil {
		return nil, apierr.IllegalArgument("%s", err.Error())
	}
	if m, ok := p.(*painless.Map); ok {
		keys, vals := m.Keys(), m.Values()
		for i, k := range keys {
			out.Set(k, vals[i])
		}
	}
	return out, nil
}

// run executes a compiled script with params (and the context's other
// variables).
func runScript(sc *painless.Script, vars map[string]any, returns string) (any, *apierr.Error) {
	v, err := sc.Execute(vars, painless.ExecOptions{Returns: returns})
	if err != nil {
		return nil, scriptError(err)
	}
	return v, nil
}

func scriptError(err error) *apierr.Error {
	var ae *apierr.Error
	if errors.As(err, &ae) {
		return ae
	}
	return update.ScriptError(err)
}
