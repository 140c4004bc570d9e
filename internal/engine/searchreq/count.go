package searchreq

import (
	"strconv"

	"github.com/clustersearch/clustersearch-go/internal/engine/apierr"
	"github.com/clustersearch/clustersearch-go/internal/engine/dsl"
	"github.com/clustersearch/clustersearch-go/internal/engine/urlparams"
	"github.com/clustersearch/clustersearch-go/internal/engine/xcontent"
)

// ParseCount reads a _count request into s (RestCountAction): a body of
// only "query" (onBody, when set, sees it parsed), then q= with its
// query-string parameters, preference, terminate_after and min_score.
func (s *Spec) ParseCount(p urlparams.Params, body []byte, onBody func(*xcontent.Value)) error {
	if len(body) > 0 {
		v, perr := xcontent.Parse(body)
		if perr != nil {
			return APIError(perr)
		}
		if v.Kind != xcontent.Object {
			return ParsingAt(v.Line, v.Col, "Expected [START_OBJECT] but found ["+v.Token()+"]")
		}
		if onBody != nil {
			onBody(v)
		}
		for i := range v.Members {
			mem := &v.Members[i]
			if mem.Key != "query" {
				return ParsingAt(mem.Line, mem.Col, "request does not support ["+mem.Key+"]")
			}
			q, qerr := dsl.Parse(&mem.Value)
			if qerr != nil {
				return APIError(qerr)
			}
			s.Query = q
		}
	}
	if err := s.parseURLQuery(p); err != nil {
		return err
	}
	if v, ok := p.Param("preference"); ok {
		if err := s.ParsePreference(v); err != nil {
			return err
		}
	}
	n, err := p.Int("terminate_after", 0)
	if err != nil {
		return err
	}
	s.TerminateAfter = int(n)
	if v, ok := p.Param("min_score"); ok {
		f, perr := strconv.ParseFloat(v, 32)
		if perr != nil {
			return apierr.IllegalArgument("Failed to parse float parameter [min_score] with value [%s]", v)
		}
		f32 := float32(f)
		s.MinScore = &f32
	}
	return nil
}
