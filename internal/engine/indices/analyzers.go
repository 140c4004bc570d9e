package indices

import (
	"errors"
	"slices"
	"sort"
	"strconv"
	"strings"

	"github.com/clustersearch/clustersearch-go/internal/engine/analysis"
	"github.com/clustersearch/clustersearch-go/internal/engine/apierr"
	"github.com/clustersearch/clustersearch-go/internal/engine/mapping"
	"github.com/clustersearch/clustersearch-go/internal/engine/settings"
	"github.com/clustersearch/clustersearch-go/internal/engine/shard"
	"github.com/clustersearch/clustersearch-go/internal/engine/similarity"
)

// positionIncrementGap separates the values of a multi-valued text field.
const positionIncrementGap = 100

// buildAnalyzers builds the custom analyzers of index.analysis.* settings.
func buildAnalyzers(st settings.Settings) (map[string]analysis.Analyzer, *apierr.Error) {
	const prefix = "index.analysis."
	group := func(kind string) map[string]map[string]settings.Value {
		out := map[string]map[string]settings.Value{}
		for k, v := range st {
			rest, ok := strings.CutPrefix(k, prefix+kind+".")
			if !ok {
				continue
			}
			name, key, ok := strings.Cut(rest, ".")
			if !ok {
				continue
			}
			if out[name] == nil {
				out[name] = map[string]settings.Value{}
			}
			out[name][key] = v
		}
		return out
	}
	list := func(v settings.Value) []string {
		if v.IsList {
			return v.List
		}
		if v.Str == "" {
			return nil
		}
		return []string{v.Str}
	}
	intp := func(m map[string]settings.Value, k string) *int {
		if v, ok := m[k]; ok {
			if n, err := strconv.Atoi(v.Str); err == nil {
				return &n
			}
		}
		return nil
	}
	// raw passes a component's settings on as lists, for the types that read more.
	raw := func(m map[string]settings.Value) map[string][]string {
		out := make(map[string][]string, len(m))
		for k, v := range m {
			if v.IsList {
				out[k] = v.List
			} else {
				out[k] = []string{v.Str}
			}
		}
		return out
	}
	tokenizers := map[string]analysis.TokenizerDef{}
	for name, m := range group("tokenizer") {
		tokenizers[name] = analysis.TokenizerDef{Type: m["type"].Str, MaxTokenLength: intp(m, "max_token_length"), Params: raw(m)}
	}
	filters := map[string]analysis.FilterDef{}
	for name, m := range group("filter") {
		fd := analysis.FilterDef{Type: m["type"].Str, Stopwords: list(m["stopwords"]), IgnoreCase: m["ignore_case"].Str == "true",
			Min: intp(m, "min"), Max: intp(m, "max"), OnlyOnSamePosition: m["only_on_same_position"].Str == "true",
			PreserveOriginal: m["preserve_original"].Str == "true", Params: raw(m)}
		if v, ok := m["remove_trailing"]; ok {
			b := v.Str == "true"
			fd.RemoveTrailing = &b
		}
		filters[name] = fd
	}
	charFilters := map[string]analysis.FilterDef{}
	for name, m := range group("char_filter") {
		charFilters[name] = analysis.FilterDef{Type: m["type"].Str, Params: raw(m)}
	}
	all := analysis.CustomDef{Tokenizers: tokenizers, Filters: filters, CharFilters: charFilters,
		MaxNgramDiff: intp(st, "index.max_ngram_diff"), MaxShingleDiff: intp(st, "index.max_shingle_diff")}
	if err := analysis.CheckDefinitions(all); err != nil {
		return nil, analysisError(err)
	}
	out := map[string]analysis.Analyzer{}
	// Built-in analyzers are built once per index (custom ones may shadow them).
	for _, name := range analysis.BuiltinNames() {
		out[name], _ = analysis.Builtin(name)
	}
	defs := group("analyzer")
	names := make([]string, 0, len(defs))
	for n := range defs {
		names = append(names, n)
	}
	sort.Strings(names)
	for _, name := range names {
		m := defs[name]
		def := analysis.CustomDef{Name: name, Type: m["type"].Str, Tokenizer: m["tokenizer"].Str, CharFilter: list(m["char_filter"]),
			Filter: list(m["filter"]), MaxTokenLength: intp(m, "max_token_length"),
			Tokenizers: tokenizers, Filters: filters, CharFilters: charFilters, MaxNgramDiff: all.MaxNgramDiff, MaxShingleDiff: all.MaxShingleDiff}
		if v, ok := m["stopwords"]; ok {
			def.Stopwords = list(v)
		}
		a, err := analysis.NewCustom(def)
		if err != nil {
			return nil, analysisError(err)
		}
		out[name] = a
	}
	return out, nil
}

// analysisError is the API error of a bad analysis definition.
func analysisError(err error) *apierr.Error {
	var ae *analysis.Error
	if errors.As(err, &ae) {
		if ae.Unsupported {
			return apierr.Unsupported(ae.Reason)
		}
		return apierr.New(ae.Type, ae.Reason)
	}
	return apierr.IllegalArgument("%s", err.Error())
}

// analyzer returns a built-in or custom analyzer by name.
func (x *Index) analyzer(name string) (analysis.Analyzer, bool) {
	if a, ok := x.analyzers[name]; ok {
		return a, true
	}
	if name == "default" {
		// IndexAnalyzers always holds "default": standard unless the
		// index configures its own.
		return analysis.Builtin("standard")
	}
	return analysis.Builtin(name)
}

// Analyzer returns the named analyzer of this index (for query analysis).
func (x *Index) Analyzer(name string) (analysis.Analyzer, bool) { return x.analyzer(name) }

// checkMappingAnalyzers rejects mappings that name unknown analyzers.
func (x *Index) checkMappingAnalyzers(f *mapping.Field) *apierr.Error {
	for _, p := range []string{"analyzer", "search_analyzer", "search_quote_analyzer"} {
		if name, ok := f.Params[p].(string); ok {
			if _, known := x.analyzer(name); !known {
				e := apierr.MapperParsing("analyzer [%s] has not been configured in mappings", name)
				return apierr.MapperParsing("Failed to parse mapping [_doc]: %s", e.Reason).WithCause(e)
			}
		}
	}
	for _, sub := range f.Props {
		if err := x.checkMappingAnalyzers(sub); err != nil {
			return err
		}
	}
	for _, sub := range f.Multi {
		if err := x.checkMappingAnalyzers(sub); err != nil {
			return err
		}
	}
	return nil
}

// Prepared is a document's indexable form. Get one from ParseSource and hand
// it back with Release once the shard has indexed it; its buffers are reused.
type Prepared struct {
	Fields shard.Fields
	nested []*Prepared        // the buffers of Fields.Nested
	groups shard.GroupScratch // reused by GroupTerms
}

// tokenBuf is the analysers' output for one text while prepare copies it
// into the document's fields. One buffer serves the writes that follow
// each other on a processor, so it stays in its cache (a buffer per
// Prepared would be cold, the chunk of a bulk request holding dozens).
type tokenBuf struct {
	tokens []analysis.Token
}

// Release returns p's buffers for reuse; p must not be used afterwards.
func (x *Index) Release(p *Prepared) {
	if p != nil {
		x.releaseNested(p)
		x.prepared.Put(p)
	}
}

// prepare turns parsed values into the shard's indexable form, analysing text.
func (x *Index) prepare(p *mapping.Parsed) *Prepared {
	pr, _ := x.prepared.Get().(*Prepared)
	if pr == nil {
		pr = &Prepared{}
	}
	f := &pr.Fields
	f.Text = f.Text[:0]
	f.Keywords = f.Keywords[:0]
	f.Longs = f.Longs[:0]
	f.Doubles = f.Doubles[:0]
	f.Vectors = f.Vectors[:0]
	tb, _ := x.tokenBufs.Get().(*tokenBuf)
	if tb == nil {
		tb = &tokenBuf{}
	}
	for _, v := range p.Values {
		path := v.Field.Path
		switch v.Kind {
		case mapping.KindText:
			a, ok := x.analyzer(v.Field.Analyzer())
			if !ok {
				a, _ = analysis.Builtin("standard")
			}
			if sf := v.Field; sf.Prefix {
				a = analysis.EdgePrefixes(a, sf.Shingle, 1, 20)
			} else if sf.Shingle > 0 {
				a = analysis.Shingles(a, sf.Shingle)
			}
			tb.tokens = a.Analyze(tb.tokens[:0], v.Str)
			i := 0
			for i < len(f.Text) && f.Text[i].Field != path {
				i++
			}
			if i == len(f.Text) {
				if len(f.Text) < cap(f.Text) {
					f.Text = f.Text[:i+1] // reuse the token buffer of an earlier document
					f.Text[i].Field, f.Text[i].Tokens = path, f.Text[i].Tokens[:0]
				} else {
					f.Text = append(f.Text, shard.TextValue{Field: path})
				}
			}
			tv := &f.Text[i]
			base := int32(0)
			if n := len(tv.Tokens); n > 0 {
				base = tv.Tokens[n-1].Position + positionIncrementGap + 1
			}
			// Room for the text's tokens at once, then field by field: an
			// append per token stores the slice back each time.
			n := len(tv.Tokens)
			tv.Tokens = slices.Grow(tv.Tokens, len(tb.tokens))[:n+len(tb.tokens)]
			out := tv.Tokens[n:]
			for i := range tb.tokens {
				t := &tb.tokens[i]
				out[i].Term, out[i].Position = t.Term, base+int32(t.Position)
			}
		case mapping.KindKeyword:
			f.Keywords = append(f.Keywords, shard.KeywordValue{Field: path, Value: v.Str})
		case mapping.KindDocKeyword:
			f.Keywords = append(f.Keywords, shard.KeywordValue{Field: path, Value: v.Str, DocOnly: true})
		case mapping.KindIndexKeyword:
			f.Keywords = append(f.Keywords, shard.KeywordValue{Field: path, Value: v.Str, IndexOnly: true})
		case mapping.KindTokenCount:
			var n int64
			n, tb.tokens = x.countTokens(v.Field, v.Str, tb.tokens[:0])
			f.Longs = append(f.Longs, shard.LongValue{Field: path, Value: n})
		case mapping.KindLong, mapping.KindBool:
			f.Longs = append(f.Longs, shard.LongValue{Field: path, Value: v.Int})
		case mapping.KindDouble:
			f.Doubles = append(f.Doubles, shard.DoubleValue{Field: path, Value: v.Float})
		case mapping.KindCompletion:
			f.Keywords = append(f.Keywords, x.completionKeyword(&v, &tb.tokens))
		case mapping.KindVector:
			f.Vectors = append(f.Vectors, shard.VectorValue{Field: path, Raw: v.Str})
		}
	}
	x.tokenBufs.Put(tb)
	for i := range f.Text {
		f.Text[i].Norm = similarity.NormForLength(len(f.Text[i].Tokens))
		// Grouped here, outside the shard's lock, which then posts each term once.
		f.Text[i].GroupTerms(&pr.groups)
	}
	x.prepareNested(pr, p)
	return pr
}

// TokenCount is the value a token_count field indexes for text.
func (x *Index) TokenCount(f *mapping.Field, text string) int64 {
	n, _ := x.countTokens(f, text, nil)
	return n
}

// countTokens analyses text with the field's analyzer and counts positions
// (a removed stop word still counts) unless enable_position_increments is
// false, which counts tokens. buf is reused for the tokens.
func (x *Index) countTokens(f *mapping.Field, text string, buf []analysis.Token) (int64, []analysis.Token) {
	a, ok := x.analyzer(f.Analyzer())
	if !ok {
		a, _ = analysis.Builtin("standard")
	}
	buf = a.Analyze(buf, text)
	n := int64(len(buf))
	if inc, set := f.Params["enable_position_increments"].(bool); n > 0 && (!set || inc) {
		n = int64(buf[len(buf)-1].Position) + 1
	}
	return n, buf
}
