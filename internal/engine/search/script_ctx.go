package search

import (
	"errors"
	"slices"
	"sort"
	"strings"
	"time"

	"github.com/clustersearch/clustersearch-go/internal/engine/apierr"
	"github.com/clustersearch/clustersearch-go/internal/engine/dsl"
	"github.com/clustersearch/clustersearch-go/internal/engine/mapping"
	"github.com/clustersearch/clustersearch-go/internal/engine/painless"
	"github.com/clustersearch/clustersearch-go/internal/engine/update"
	"github.com/clustersearch/clustersearch-go/internal/engine/xcontent"
)

// ScriptCompiler compiles search scripts for a script context ("filter", "score",
// "field", "number_sort", "string_sort"); the REST layer's per-context caches implement
// it, with their compilation rate limits.
type ScriptCompiler interface {
	Compile(lang, context, source string, opts painless.CompileOptions) (*painless.Script, error)
}

// StoredScripts is implemented by a ScriptCompiler that can read the
// stored scripts of the cluster state.
type StoredScripts interface {
	StoredScript(id string) (lang, source string, options map[string]string, ok bool)
}

// ScriptField is one script_fields entry.
type ScriptField struct {
	Name          string
	Script        *dsl.Script
	IgnoreFailure bool
}

// scriptContext is what a search script context binds and returns.
type scriptContext struct {
	name    string
	vars    []string
	returns string // ExecOptions.Returns
}

var (
	filterContext     = scriptContext{"filter", []string{"doc"}, "boolean"}
	scoreContext      = scriptContext{"score", []string{"doc", "_score"}, "double"}
	fieldContext      = scriptContext{"field", []string{"doc"}, ""}
	numberSortContext = scriptContext{"number_sort", []string{"doc", "_score"}, "double"}
	stringSortContext = scriptContext{"string_sort", []string{"doc", "_score"}, "String"}
)

// searchScript is a compiled script bound to one shard: it runs on one document at a
// time (not safe for concurrent use).
type searchScript struct {
	c         *shardCtx
	ds        *dsl.Script
	s         *painless.Script
	sc        scriptContext
	params    *painless.Map // the request's params (a HashMap)
	doc       *painless.DocLookup
	slot      int32
	source    bool // the script mentions _source: params gets the document's source
	usesScore bool
	// native runs a script of another engine than painless (knn_score)
	native func(slot int32) (any, *apierr.Error)
	vars   map[string]any
	opts   painless.ExecOptions
}

// scriptErr converts a Painless failure to the API error.
func scriptErr(err error) *apierr.Error {
	var ae *apierr.Error
	if errors.As(err, &ae) {
		return ae
	}
	return update.ScriptError(err)
}

// compileScript compiles a script for a context on this shard, as ScriptService.compile:
// a stored script the fake cannot hold is resource_not_found, a language other than
// painless is refused. Errors are the raw cause; query builders wrap them.
func (c *shardCtx) compileScript(ds *dsl.Script, sc scriptContext) (*searchScript, *apierr.Error) {
	if ds.ID != "" {
		st, ok := c.scripts.(StoredScripts)
		if !ok {
			return nil, apierr.New(apierr.TypeResourceNotFound, "unable to find script ["+ds.ID+"] in cluster state")
		}
		lang, source, options, found := st.StoredScript(ds.ID)
		if !found {
			return nil, apierr.New(apierr.TypeResourceNotFound, "unable to find script ["+ds.ID+"] in cluster state")
		}
		stored := *ds
		stored.Lang, stored.Source, stored.Options = lang, source, options
		ds = &stored
	}
	if ds.Lang == "expression" {
		return nil, apierr.Unsupported("the [expression] script language")
	}
	if ds.Lang == "knn" { // the k-NN plugin's scoring script (knn_script.go)
		return c.knnScript(ds, sc)
	}
	if c.scripts == nil {
		return nil, apierr.Unsupported("search scripts here")
	}
	s, err := c.scripts.Compile(ds.Lang, sc.name, ds.Source, painless.CompileOptions{Options: ds.Options, Vars: sc.vars, NoCtx: true, Returns: sc.returns,
		ScoreFunctions: sc.name == "score", Emit: sc.name == derivedContext.name, ReturnsValue: sc.name != derivedContext.name})
	if err != nil {
		return nil, scriptErr(err)
	}
	// params['_source'] is loaded only for scripts that can read it
	ss := &searchScript{c: c, ds: ds, s: s, sc: sc, source: strings.Contains(ds.Source, "_source"), usesScore: s.Uses("_score")}
	if ds.Params != nil {
		p, perr := painless.ParseJSONHashMap(ds.Params.AppendJSON(nil))
		if perr != nil {
			return nil, apierr.IllegalArgument("%s", perr.Error())
		}
		if m, ok := p.(*painless.Map); ok {
			ss.params = m
		}
	}
	if ss.params == nil {
		ss.params = painless.NewHashMap(0)
	}
	ss.doc = painless.NewDocLookup(ss.docField)
	ss.vars = map[string]any{"params": painless.FrozenParams(ss.params), "doc": ss.doc}
	now := c.now
	ss.opts = painless.ExecOptions{Now: func() time.Time { return now }, Returns: sc.returns, Warn: c.warn}
	if sc.name == "score" {
		ss.opts.Score = scoreHost{ss}
	}
	return ss, nil
}

// run executes the script on a document; score is _score where the context has one.
func (s *searchScript) run(slot int32, score float32) (any, *apierr.Error) {
	if s.native != nil {
		return s.native(slot)
	}
	s.slot = slot
	s.vars["_score"] = float64(score)
	if s.source {
		// params holds the request's params plus _source, the document as a map
		p := painless.NewHashMap(s.params.Len() + 1)
		keys, vals := s.params.Keys(), s.params.Values()
		for i, k := range keys {
			p.Set(k, vals[i])
		}
		p.Set("_source", s.sourceMap(slot))
		s.vars["params"] = p
	}
	v, err := s.s.Execute(s.vars, s.opts)
	if err != nil {
		return nil, scriptErr(err)
	}
	return v, nil
}

// textFielddata is the error of doc values on a text field without fielddata.
const textFielddata = "Text fields are not optimised for operations that require per-document field data like aggregations and sorting, so these operations are disabled by default. Please use a keyword field instead. Alternatively, set fielddata=true on [%s] in order to load field data by uninverting the inverted index. Note that this can use significant memory."

// docField resolves doc['name'] on this shard: the field's doc values for the current
// slot, sorted as Lucene's sorted numeric and sorted set doc values hold them.
func (s *searchScript) docField(name string) (painless.DocField, bool) {
	c := s.c
	if name == "_index" {
		return painless.DocField{Kind: painless.DocStrings, Strings: func(dst []string) []string { return append(dst, c.idx.Name) }}, true
	}
	switch name {
	case "_id":
		return painless.DocField{Kind: painless.DocStrings, Err: "Fielddata access on the _id field is disallowed, you can re-enable it by updating the dynamic cluster setting: indices.id_field_data.enabled"}, true
	case "_seq_no", "_version", "_primary_term":
		// numeric metadata fields with doc values
		return painless.DocField{Kind: painless.DocLongs, Longs: func(dst []int64) []int64 {
			d := c.r.Doc(s.slot)
			switch name {
			case "_seq_no":
				return append(dst, d.SeqNo)
			case "_version":
				return append(dst, d.Version)
			}
			return append(dst, d.PrimaryTerm)
		}}, true
	}
	f := c.field(name)
	if f != nil && f.Type == mapping.TypeKNNVector { // the k-NN plugin's doc values (knn_script.go)
		return c.knnDocField(f, s), true
	}
	if f != nil {
		name = f.Path // an alias reads its target
	}
	r := c.r
	if f != nil && f.Derived != nil && c.derived != nil {
		r = c.derived.base // a derived field has no doc values of its own
	}
	longs := func(dst []int64) []int64 {
		dst = r.Longs(name, s.slot, dst)
		slices.Sort(dst)
		return dst
	}
	switch kindOf(f) {
	case kindIP, kindUnsigned, kindGeo, kindBinary, kindConstant:
		return c.scriptDocExtra(f, &s.slot), true
	case kindLong:
		return painless.DocField{Kind: painless.DocLongs, Longs: longs}, true
	case kindDate:
		return painless.DocField{Kind: painless.DocDates, Longs: longs}, true
	case kindBool:
		return painless.DocField{Kind: painless.DocBooleans, Longs: longs}, true
	case kindDouble:
		isFloat := f.Type == mapping.TypeFloat || f.Type == mapping.TypeHalfFloat
		return painless.DocField{Kind: painless.DocDoubles, Doubles: func(dst []float64) []float64 {
			dst = r.Doubles(name, s.slot, dst)
			if isFloat {
				for i, v := range dst {
					dst[i] = float64(float32(v))
				}
			}
			slices.Sort(dst)
			return dst
		}}, true
	case kindKeyword:
		return painless.DocField{Kind: painless.DocStrings, Strings: func(dst []string) []string {
			dst = r.Keywords(name, s.slot, dst)
			slices.Sort(dst)
			out := dst[:0]
			for i, v := range dst {
				if i == 0 || v != dst[i-1] {
					out = append(out, v)
				}
			}
			return out
		}}, true
	case kindText:
		if fd, _ := f.Params["fielddata"].(bool); fd {
			return painless.DocField{Kind: painless.DocStrings, Err: "[fake] doc values of text fields with fielddata=true are not supported"}, true
		}
		return painless.DocField{Kind: painless.DocStrings, Err: strings.Replace(textFielddata, "%s", name, 1)}, true
	}
	return painless.DocField{}, false
}

// scriptString is Script.toString, as explanations and query descriptions print it.
func scriptString(ds *dsl.Script) string {
	typ, code, lang := "inline", ds.Source, ds.Lang
	if ds.ID != "" {
		typ, code, lang = "stored", ds.ID, "null"
	}
	opts := "{}"
	if len(ds.Options) > 0 {
		m := painless.NewHashMap(len(ds.Options))
		keys := make([]string, 0, len(ds.Options))
		for k := range ds.Options {
			keys = append(keys, k)
		}
		sort.Strings(keys)
		for _, k := range keys {
			m.Set(k, ds.Options[k])
		}
		opts = painless.ToJavaString(m)
	}
	params := "{}"
	if ds.Params != nil {
		if p, err := painless.ParseJSONHashMap(ds.Params.AppendJSON(nil)); err == nil {
			params = painless.ToJavaString(p)
		}
	}
	return "Script{type=" + typ + ", lang='" + lang + "', idOrCode='" + code + "', options=" + opts + ", params=" + params + "}"
}

// parseScriptValue reads a script object nested in another query's options.
func parseScriptValue(v *xcontent.Value) (*dsl.Script, *apierr.Error) {
	s, err := dsl.ParseScript(v)
	if err != nil {
		return nil, fromX(err)
	}
	return s, nil
}

// warn records a deprecation warning of a script once per search.
func (c *shardCtx) warn(msg string) {
	if c.warnings == nil || slices.Contains(*c.warnings, msg) {
		return
	}
	*c.warnings = append(*c.warnings, msg)
}
