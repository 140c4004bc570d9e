package aggs

import (
	"github.com/clustersearch/clustersearch-go/internal/engine/apierr"
	"github.com/clustersearch/clustersearch-go/internal/engine/dsl"
	"github.com/clustersearch/clustersearch-go/internal/engine/mapping"
	"github.com/clustersearch/clustersearch-go/internal/engine/xcontent"
)

// sigTextFields are significant_text's field names, the "did you mean"
// candidates.
var sigTextFields = append([]string{"field", "source_fields", "filter_duplicate_text", "size", "shard_size", "min_doc_count",
	"shard_min_doc_count", "include", "exclude", "background_filter"}, heuristicNames...)

// parseSigText reads a significant_text aggregation: significant_terms over
// a text field's tokens. Each document's tokens are those the index holds
// (the field's analyzer over its _source), so source_fields and
// filter_duplicate_text are not supported yet.
func parseSigText(p *parser) (spec, *apierr.Error) {
	s := &sigTermsSpec{size: 10, shardSize: -1, minDocCount: 3, include: &includeExclude{aggName: p.agg.Name}, heuristic: heuristic{name: "jlh", bgIsSuperset: true}, text: true}
	err := p.fields(func(m *xcontent.Member) (bool, *apierr.Error) {
		var err *apierr.Error
		switch m.Key {
		case "field":
			s.field, err = p.str(m)
		case "source_fields":
			return true, apierr.Unsupported("[source_fields] in the [significant_text] aggregation")
		case "filter_duplicate_text":
			var on bool
			if on, err = p.boolean(m); err == nil && on {
				err = apierr.Unsupported("[filter_duplicate_text] in the [significant_text] aggregation")
			}
		default:
			if ok, err := s.parseShared(p, m); ok || err != nil {
				return true, err
			}
			return true, xerr(m.Line, m.Col, "[%s] unknown field [%s]%s", p.agg.Type, m.Key, dsl.DidYouMean(m.Key, sigTextFields))
		}
		return true, err
	})
	if err != nil {
		return nil, err
	}
	if s.field == "" {
		return nil, apierr.IllegalArgument("[field] must not be null: [%s]", p.agg.Name)
	}
	return s, s.checkSizes(p.agg.Name)
}

// textValues reads an analyzed field's tokens per document (once per shard
// and aggregation): the significant_text values source.
func textValues(env *shardEnv, a *Agg, field string) (*values, *apierr.Error) {
	if v, ok := env.sources[a]; ok {
		return v, nil
	}
	v := &values{typ: vsBytes}
	f := env.field(field)
	switch {
	case f != nil && f.Derived != nil:
		// a derived field type has no index analyzer of its own
		return nil, apierr.IllegalArgument("Field [%s] has no analyzer, but SignificantText requires an analyzed field", field)
	case f == nil || f.IsObject():
		v.unmapped = true
	case f.Type == mapping.TypeText:
		v.fieldType = f.Type
		v.ords = uninvert(env, f.Path)
		v.dict = v.ords.Dict
	case f.Type == mapping.TypeKeyword:
		v.fieldType = f.Type
		v.ords = env.r.OrdColumn(f.Path)
		v.dict = v.ords.Dict
	default:
		return nil, apierr.IllegalArgument("Field [%s] has no analyzer, but SignificantText requires an analyzed field", field)
	}
	env.sources[a] = v
	return v, nil
}
