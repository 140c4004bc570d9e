package reindex

import (
	"strconv"
	"strings"

	"github.com/clustersearch/clustersearch-go/internal/engine/apierr"
	"github.com/clustersearch/clustersearch-go/internal/engine/jsonout"
	"github.com/clustersearch/clustersearch-go/internal/engine/objparse"
	"github.com/clustersearch/clustersearch-go/internal/engine/search"
	"github.com/clustersearch/clustersearch-go/internal/engine/searchreq"
	"github.com/clustersearch/clustersearch-go/internal/engine/shard"
	upd "github.com/clustersearch/clustersearch-go/internal/engine/update"
	"github.com/clustersearch/clustersearch-go/internal/engine/urlparams"
	"github.com/clustersearch/clustersearch-go/internal/engine/xcontent"
)

// parseManualSlice reads "slice": {"id": i, "max": n} (SliceBuilder).
func parseManualSlice(v *xcontent.Value) (*ManualSlice, *apierr.Error) {
	ms := &ManualSlice{ID: -1, Max: -1, Field: "_id"}
	if v.Kind != xcontent.Object {
		return nil, apierr.New(apierr.TypeParsing, "Unknown key for a "+v.Token()+" in [slice].")
	}
	e := objparse.Parse("slice", v, []objparse.Field{
		{Names: []string{"id"}, Kinds: objparse.Long, Parse: func(f *xcontent.Value) *apierr.Error {
			n, e := objparse.LongValue(f)
			ms.ID = int(n)
			return e
		}},
		{Names: []string{"max"}, Kinds: objparse.Long, Parse: func(f *xcontent.Value) *apierr.Error {
			n, e := objparse.LongValue(f)
			ms.Max = int(n)
			return e
		}},
		{Names: []string{"field"}, Kinds: objparse.String, Parse: func(f *xcontent.Value) *apierr.Error {
			if f.Str == "" {
				return apierr.IllegalArgument("field name is null or empty")
			}
			ms.Field = f.Str
			return nil
		}},
	})
	if e != nil {
		return nil, e
	}
	if e := ms.Check(); e != nil {
		return nil, e
	}
	return ms, nil
}

// ParsedReindex is a parsed _reindex request: the job's part and the
// search a local source's scroll runs.
type ParsedReindex struct {
	Job  Request
	Spec *searchreq.Spec
}

// parseReindexSource reads source: index, remote, and a search body whose
// size is the batch size (ReindexRequest's source parser).
func parseReindexSource(v *xcontent.Value, req *ParsedReindex, msgs *[]string) *apierr.Error {
	job := &req.Job
	rest := *v
	rest.Members = nil
	for i := range v.Members {
		m := &v.Members[i]
		switch m.Key {
		case "index":
			switch m.Value.Kind {
			case xcontent.String:
				job.Indices = strings.Split(m.Value.Str, ",")
			case xcontent.Array:
				for j := range m.Value.Items {
					job.Indices = append(job.Indices, m.Value.Items[j].Text())
				}
			default:
				return apierr.New(apierr.TypeParsing, "Expected [VALUE_STRING] or [START_ARRAY] but found ["+m.Value.Token()+"]")
			}
		case "remote":
			if m.Value.Kind != xcontent.Object {
				return apierr.New(apierr.TypeParsing, "Expected [START_OBJECT] for [remote] but found ["+m.Value.Token()+"]")
			}
			ri, e := ParseRemote(&m.Value)
			if e != nil {
				return e
			}
			job.Remote = ri
		case "size":
			n, e := objparse.LongValue(&m.Value)
			if e != nil {
				return e
			}
			job.Params.ScrollSize = int(n)
		case "from":
			*msgs = append(*msgs, "from is not supported in this context")
			rest.Members = append(rest.Members, *m)
		case "slice":
			ms, e := parseManualSlice(&m.Value)
			if e != nil {
				return e
			}
			job.Params.Slice = ms
		case "stored_fields":
			*msgs = append(*msgs, "stored_fields is not supported in this context")
		default:
			switch m.Key {
			case "query":
				job.RawQuery = m.Value.AppendJSON(nil)
			case "sort":
				job.RawSort = m.Value.AppendJSON(nil)
			case "_source":
				job.RawSource = m.Value.AppendJSON(nil)
			}
			rest.Members = append(rest.Members, *m)
		}
	}
	req.Spec = &searchreq.Spec{Size: 10, TrackTotal: -1}
	if err := req.Spec.ParseBody(&rest); err != nil {
		if ae, ok := err.(*apierr.Error); ok {
			return ae
		}
		return apierr.IllegalArgument("%s", err.Error())
	}
	return nil
}

// ParseReindex reads a _reindex body (ReindexRequest.fromXContent) over p,
// the URL parameters read, and validates the request.
func ParseReindex(body []byte, p *Params) (*ParsedReindex, error) {
	req := &ParsedReindex{Job: Request{Params: p}, Spec: &searchreq.Spec{Size: 10, TrackTotal: -1}}
	job := &req.Job
	v, perr := xcontent.Parse(body)
	if perr != nil {
		return nil, searchreq.APIError(perr)
	}
	if v.Kind != xcontent.Object {
		return nil, apierr.New(apierr.TypeParsing, "Expected [START_OBJECT] but found ["+v.Token()+"]")
	}
	var msgs []string
	e := objparse.Parse("reindex", v, []objparse.Field{
		{Names: []string{"source"}, Kinds: objparse.Object, Parse: func(f *xcontent.Value) *apierr.Error { return parseReindexSource(f, req, &msgs) }},
		{Names: []string{"dest"}, Kinds: objparse.Object, Parse: func(f *xcontent.Value) *apierr.Error {
			return parseDest(f, &job.Dest)
		}},
		{Names: []string{"max_docs", "size"}, Kinds: objparse.Long, Parse: func(f *xcontent.Value) *apierr.Error {
			n, e := objparse.LongValue(f)
			if e != nil {
				return e
			}
			return p.SetMaxDocs(n)
		}},
		{Names: []string{"script"}, Kinds: objparse.Object, Parse: func(f *xcontent.Value) *apierr.Error {
			s, e := upd.ParseScript(f)
			job.Script = s
			return e
		}},
		{Names: []string{"conflicts"}, Kinds: objparse.String, Parse: func(f *xcontent.Value) *apierr.Error { return p.SetConflicts(f.Str) }},
	})
	if e != nil {
		return nil, e
	}
	if e := p.ApplyURLMaxDocs(); e != nil {
		return nil, e
	}
	if job.Remote != nil {
		job.Remote.Query = `{"match_all":{"boost":1.0}}`
		if job.RawQuery != nil {
			job.Remote.Query = string(job.RawQuery)
		}
	}
	msgs = p.Validate(append(req.Spec.ScrollContextErrors(p.ScrollSize, false), msgs...))
	if len(job.Indices) == 0 {
		msgs = append(msgs, "use _all if you really want to copy from all existing indexes")
	}
	if req.Spec.Source.Disabled {
		msgs = append(msgs, "_source:false is not supported in this context")
	}
	if job.Dest.Index == "" {
		return nil, apierr.Validation(append(msgs, "index must be specified")...)
	}
	if rt := job.Dest.Routing; rt != "" && rt != "keep" && rt != "discard" && !strings.HasPrefix(rt, "=") {
		msgs = append(msgs, "routing must be unset, [keep], [discard] or [=<some new value>]")
	}
	if job.Remote != nil && (p.Slices == 0 || p.Slices > 1) {
		msgs = append(msgs, "reindex from remote sources doesn't support slices > 1 but was ["+strconv.Itoa(p.Slices)+"]")
	}
	if msgs != nil {
		return nil, apierr.Validation(msgs...)
	}
	job.Filter = SourceFilterOf(req.Spec.Source)
	return req, nil
}

// parseDest reads dest (ObjectParser "dest").
func parseDest(v *xcontent.Value, d *Dest) *apierr.Error {
	return objparse.Parse("dest", v, []objparse.Field{
		{Names: []string{"index"}, Kinds: objparse.String, Parse: func(f *xcontent.Value) *apierr.Error { d.Index = f.Str; return nil }},
		{Names: []string{"routing"}, Kinds: objparse.String, Parse: func(f *xcontent.Value) *apierr.Error { d.Routing = f.Str; return nil }},
		{Names: []string{"op_type"}, Kinds: objparse.String, Parse: func(f *xcontent.Value) *apierr.Error {
			switch f.Str {
			case "create":
				d.Create = true
			case "index":
			default:
				return apierr.IllegalArgument("opType must be 'create' or 'index', found: [%s]", f.Str)
			}
			return nil
		}},
		{Names: []string{"pipeline"}, Kinds: objparse.String, Parse: func(f *xcontent.Value) *apierr.Error { d.Pipeline = f.Str; return nil }},
		{Names: []string{"version_type"}, Kinds: objparse.String, Parse: func(f *xcontent.Value) *apierr.Error {
			switch f.Str {
			case "internal":
				d.VersionType, d.External = shard.Internal, false
			case "external", "external_gt":
				d.VersionType, d.External = shard.External, true
			case "external_gte":
				d.VersionType, d.External = shard.ExternalGTE, true
			default:
				return apierr.IllegalArgument("No version type match [%s]", f.Str)
			}
			return nil
		}},
	})
}

// ParsedByQuery is a parsed _delete_by_query or _update_by_query request:
// the job's part and the search its scroll runs.
type ParsedByQuery struct {
	Job  ByQuery
	Spec *searchreq.Spec
}

// ParseByQuery reads a by-query request over p, the URL parameters read
// (AbstractBulkByQueryRestHandler.parseInternalRequest): conflicts,
// max_docs (and for update by query script) are taken out of the body, the
// rest is a search body, then the search reads params (its size is max_docs
// here: it is taken out of params with a deprecation sent to warn).
func ParseByQuery(index string, params urlparams.Params, body []byte, p *Params, update bool, warn func(string)) (*ParsedByQuery, error) {
	q := &ParsedByQuery{Job: ByQuery{Params: p, Indices: index}}
	requestCache, err := params.BoolOrDefault("request_cache", false)
	if err != nil {
		return nil, err
	}
	hasFrom, storedFields := params.Has("from"), false
	var parsed *xcontent.Value
	if len(strings.TrimSpace(string(body))) > 0 {
		v, perr := xcontent.Parse(body)
		if perr != nil {
			return nil, searchreq.APIError(perr)
		}
		if v.Kind != xcontent.Object {
			return nil, apierr.New(apierr.TypeParsing, "Expected [START_OBJECT] but found ["+v.Token()+"]")
		}
		rest := *v
		rest.Members = nil
		for i := range v.Members {
			m := &v.Members[i]
			switch m.Key {
			case "conflicts":
				if e := p.SetConflicts(m.Value.Text()); e != nil {
					return nil, e
				}
			case "max_docs":
				n, e := objparse.LongValue(&m.Value)
				if e != nil {
					return nil, e
				}
				if e := p.SetMaxDocs(n); e != nil {
					return nil, e
				}
			case "from":
				hasFrom = true
				rest.Members = append(rest.Members, *m)
			case "slice":
				ms, e := parseManualSlice(&m.Value)
				if e != nil {
					return nil, e
				}
				p.Slice = ms
			case "stored_fields":
				storedFields = true
			case "script":
				if !update {
					rest.Members = append(rest.Members, *m)
					continue
				}
				s, e := upd.ParseScript(&m.Value)
				if e != nil {
					return nil, e
				}
				q.Job.Script = s
			default:
				rest.Members = append(rest.Members, *m)
			}
		}
		parsed = &rest
	}
	q.Spec = &searchreq.Spec{Size: 10, TrackTotal: -1}
	if parsed != nil {
		if err := q.Spec.ParseBody(parsed); err != nil {
			return nil, err
		}
	}
	// The body's size is the search's page size, so the batch size unless
	// scroll_size overrides it (parseInternalRequest).
	if parsed != nil && parsed.Get("size") != nil && !params.Has("scroll_size") {
		p.ScrollSize = q.Spec.Size
	}
	if e := p.ApplyURLMaxDocs(); e != nil {
		return nil, e
	}
	// size in the URL is max_docs here, not the page size.
	if params.Has("size") {
		warn("Deprecated field [size] used, expected [max_docs] instead")
	}
	delete(params, "size")
	if err := q.Spec.ApplyParams(params); err != nil {
		return nil, err
	}
	msgs := q.Spec.ScrollContextErrors(p.ScrollSize, requestCache)
	if hasFrom {
		msgs = append(msgs, "from is not supported in this context")
	}
	if storedFields {
		msgs = append(msgs, "stored_fields is not supported in this context")
	}
	msgs = p.Validate(msgs)
	if parsed == nil && !params.Has("q") && !update {
		msgs = append(msgs, "source is missing")
	} else if q.Spec.Query == nil && !update {
		msgs = append(msgs, "query is missing")
	}
	if msgs != nil {
		return nil, apierr.Validation(msgs...)
	}
	q.Job.SourceDisabled, q.Job.Filter = q.Spec.Source.Disabled, SourceFilterOf(q.Spec.Source)
	return q, nil
}

// SourceFilterOf is f as a job's source rewrite: nil when it keeps the
// source whole (no includes or excludes).
func SourceFilterOf(f search.SourceFilter) SourceFilter {
	if len(f.Includes) == 0 && len(f.Excludes) == 0 {
		return nil
	}
	return func(src []byte) ([]byte, *apierr.Error) {
		v, _, err := f.Apply(src)
		if err != nil {
			return nil, apierr.Internal("stored source is not JSON: " + err.Error())
		}
		b, merr := jsonout.Marshal(v)
		if merr != nil {
			return nil, apierr.Internal(merr.Error())
		}
		return b, nil
	}
}
