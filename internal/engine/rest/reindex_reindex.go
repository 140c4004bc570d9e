package rest

import (
	"strings"

	"github.com/clustersearch/clustersearch-go/internal/engine/searchexec"

	"github.com/clustersearch/clustersearch-go/internal/engine/searchreq"

	"github.com/clustersearch/clustersearch-go/internal/engine/apierr"
	"github.com/clustersearch/clustersearch-go/internal/engine/indices"
	"github.com/clustersearch/clustersearch-go/internal/engine/objparse"
	"github.com/clustersearch/clustersearch-go/internal/engine/reindex"
	"github.com/clustersearch/clustersearch-go/internal/engine/shard"
	upd "github.com/clustersearch/clustersearch-go/internal/engine/update"
	"github.com/clustersearch/clustersearch-go/internal/engine/xcontent"
)

// reindexRoutes is POST /_reindex.
func (d *DocOps) reindexRoutes() []Route {
	params := []string{"max_docs", "refresh", "requests_per_second", "require_alias", "scroll", "slices", "timeout", "wait_for_active_shards", "wait_for_completion"}
	return []Route{{Op: "reindex", Method: "POST", Path: "/_reindex", Params: params, Body: true, Handler: d.reindex}}
}

// reindexRequest is a parsed _reindex request: the job's part and the
// search a local source's scroll runs.
type reindexRequest struct {
	job  reindex.Request
	spec *searchreq.Spec
}

// parseReindexSource reads source: index, remote, and a search body whose
// size is the batch size (ReindexRequest's source parser).
func parseReindexSource(v *xcontent.Value, req *reindexRequest, msgs *[]string) *apierr.Error {
	job := &req.job
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
			ri, e := reindex.ParseRemote(&m.Value)
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
	req.spec = &searchreq.Spec{Size: 10, TrackTotal: -1}
	if err := req.spec.ParseBody(&rest); err != nil {
		if ae, ok := err.(*apierr.Error); ok {
			return ae
		}
		return apierr.IllegalArgument("%s", err.Error())
	}
	return nil
}

// parseReindex reads the URL parameters and the body (ReindexRequest.fromXContent).
func parseReindex(r *Request) (*reindexRequest, error) {
	p, err := parseScrollParams(r)
	if err != nil {
		return nil, err
	}
	req := &reindexRequest{job: reindex.Request{Params: p}, spec: &searchreq.Spec{Size: 10, TrackTotal: -1}}
	job := &req.job
	v, perr := xcontent.Parse(r.Body)
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
	msgs = p.Validate(append(req.spec.ScrollContextErrors(p.ScrollSize, false), msgs...))
	if len(job.Indices) == 0 {
		msgs = append(msgs, "use _all if you really want to copy from all existing indexes")
	}
	if req.spec.Source.Disabled {
		msgs = append(msgs, "_source:false is not supported in this context")
	}
	if job.Dest.Index == "" {
		return nil, apierr.Validation(append(msgs, "index must be specified")...)
	}
	if rt := job.Dest.Routing; rt != "" && rt != "keep" && rt != "discard" && !strings.HasPrefix(rt, "=") {
		msgs = append(msgs, "routing must be unset, [keep], [discard] or [=<some new value>]")
	}
	if job.Remote != nil && (p.Slices == 0 || p.Slices > 1) {
		msgs = append(msgs, "reindex from remote sources doesn't support slices > 1 but was ["+itoa(p.Slices)+"]")
	}
	if msgs != nil {
		return nil, apierr.Validation(msgs...)
	}
	job.Filter = searchexec.JobSourceFilter(req.spec.Source)
	return req, nil
}

// parseDest reads dest (ObjectParser "dest").
func parseDest(v *xcontent.Value, d *reindex.Dest) *apierr.Error {
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

// reindex is POST /_reindex.
func (d *DocOps) reindex(r *Request) (*Response, error) {
	if len(strings.TrimSpace(string(r.Body))) == 0 {
		return nil, apierr.Parse("request body is required")
	}
	req, err := parseReindex(r)
	if err != nil {
		return nil, err
	}
	job := &req.job
	if job.RequireAlias, err = r.Bool("require_alias", false); err != nil {
		return nil, err
	}
	if job.Compiled, err = d.compileJobScript(job.Script); err != nil {
		return nil, err
	}
	expr := strings.Join(job.Indices, ",")
	if job.Remote != nil {
		if e := job.Remote.CheckAllowed(d.remoteAllowlist); e != nil {
			return nil, e
		}
	} else if e := reindex.CheckTarget(d.b.Indices, expr, job.Dest.Index); e != nil {
		return nil, e
	}
	j := d.jobEnv().Reindex(metaFor("reindex").Action, job, func() (*reindex.Scrolled, *apierr.Error) {
		return d.b.exec().JobScroll(expr, indices.DefaultOptions(), "", req.spec, job.Params)
	})
	return d.startJob(r, j, reindex.Fields{})
}

// SetRemoteAllowlist sets reindex.remote.allowlist.
func (d *DocOps) SetRemoteAllowlist(hosts []string) {
	d.remoteAllowlist = append([]string(nil), hosts...)
}
