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
	s := &sigTermsSpec{size: 10, shardSize: -1, minDocCount: 3, include: &includeExclude{}, heuristic: heuristic{name: "jlh", bgIsSuperset: true}, text: true}
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
		case "size":
			s.size, err = p.integer(m)
		case "shard_size":
			s.shardSize, err = p.integer(m)
		case "min_doc_count":
			s.minDocCount, err = p.long(m)
		case "shard_min_doc_count":
			s.shardMinDoc, err = p.long(m)
		case "include":
			err = s.include.parseInclude(p, m)
		case "exclude":
			err = s.include.parseExclude(p, m)
		case "background_filter":
			q, qerr := dsl.Parse(&m.Value)
			if qerr != nil {
				return true, p.failed(m, fromX(qerr))
			}
			s.background = q
		case "jlh", "mutual_information", "chi_square", "gnd", "percentage", "script_heuristic":
			s.heuristic, err = parseHeuristic(p, m)
		default:
			return true, xerr(m.Line, m.Col, "[%s] unknown field [%s]%s", p.agg.Type, m.Key, dsl.DidYouMean(m.Key, sigTextFields))
		}
		return true, err
	})
	if err != nil {
		return nil, err
	}
	switch {
	case s.field == "":
		return nil, apierr.IllegalArgument("[field] must not be null: [%s]", p.agg.Name)
	case s.size <= 0:
		return nil, apierr.IllegalArgument("[size] must be greater than 0. Found [%d] in [%s]", s.size, p.agg.Name)
	case s.shardSize == 0 || s.shardSize < -1:
		return nil, apierr.IllegalArgument("[shardSize] must be greater than 0. Found [%d] in [%s]", s.shardSize, p.agg.Name)
	case s.minDocCount < 0:
		return nil, apierr.IllegalArgument("[minDocCount] must be greater than or equal to 0. Found [%d] in [%s]", s.minDocCount, p.agg.Name)
	case s.shardMinDoc < 0:
		return nil, apierr.IllegalArgument("[shardMinDocCount] must be greater than or equal to 0. Found [%d] in [%s]", s.shardMinDoc, p.agg.Name)
	}
	return s, nil
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
