package rest

import (
	"bytes"
	"encoding/json"
	"strconv"
	"time"

	"github.com/clustersearch/clustersearch-go/internal/engine/apierr"
	"github.com/clustersearch/clustersearch-go/internal/engine/jsonout"
	"github.com/clustersearch/clustersearch-go/internal/engine/objparse"
	"github.com/clustersearch/clustersearch-go/internal/engine/shard"
	"github.com/clustersearch/clustersearch-go/internal/engine/write"
)

// bulkItem is one parsed action of a bulk request.
type bulkItem struct {
	action string // index, create, update, delete
	op     write.Op
	update jsonout.Object // the update body
	err    *apierr.Error  // a per-item failure found while parsing
	retry  int
	reqAl  bool
	fetch  *objparse.FetchSource // the action line's _source (or the URL's), update items only
	routed bool                  // the action line names a routing
}

// bulk is POST|PUT [/{index}]/_bulk.
func (b *Backend) bulk(r *Request) (*Response, error) {
	start := b.Clock.Now()
	defFetch, err := fetchSourceFromParams(r)
	if err != nil {
		return nil, err
	}
	policy, err := parseRefresh(r.Params["refresh"], hasParam(r, "refresh"))
	if err != nil {
		return nil, err
	}
	reqAlias, err := r.BoolOrDefault("require_alias", false) // RestBulkAction: Boolean, null default
	if err != nil {
		return nil, err
	}
	if err := checkTimeouts(r, "timeout"); err != nil {
		return nil, err
	}
	want, err := activeShards(r)
	if err != nil {
		return nil, err
	}
	timeout, err := r.Duration("timeout", time.Minute)
	if err != nil {
		return nil, err
	}
	// BulkRequest.batchSize (2.14): the ingest batch size is at least one.
	if n, err := r.Int("batch_size", 1); err != nil {
		return nil, err
	} else if n < 1 {
		return nil, illegalArg("batch_size must be greater than 0")
	}
	items, perr := parseBulk(r.Body, r.PathParam("index"), r.Params["routing"], reqAlias)
	if perr != nil {
		return nil, perr
	}
	describeWith(r, bulkDescriber(items))
	for i := range items {
		items[i].op.IngestNanos = -1
		r.facts.BulkRouted = r.facts.BulkRouted || items[i].routed
	}
	if len(items) == 0 {
		return nil, apierr.Validation("no requests added")
	}
	applyBulkFetch(items, defFetch)
	if v, ok := r.Param("pipeline"); ok {
		for i := range items {
			if !items[i].op.HasPipeline {
				items[i].op.Pipeline, items[i].op.HasPipeline = v, true
			}
		}
	}
	out := make([]any, 0, len(items))
	errors := false
	type touched struct {
		d   *write.Result
		seq int64
		pos int // index in out
	}
	var writes []touched
	unavailable := b.bulkActiveShards(r, items, want, timeout)
	outcomes := make([]bulkOutcome, len(items))
	warn := r.Warn // once: a method value taken per item allocates per item
	for i := range items {
		it := &items[i]
		if e := unavailable[i]; e != nil {
			outcomes[i] = bulkOutcome{body: bulkFailure(it, e), done: true}
			continue
		}
		it.op.Warn = warn
		if it.err == nil && b.BulkRejection.rejects(it.op.Index, it.op.ID) {
			outcomes[i] = bulkOutcome{body: bulkFailure(it, writeQueueFull()), done: true}
		}
	}
	if !b.bulkByShard(items, outcomes) {
		for i := range items {
			if !outcomes[i].done {
				outcomes[i].body, outcomes[i].d = b.bulkOne(&items[i])
			}
		}
	}
	for i := range items {
		it := &items[i]
		body, d := outcomes[i].body, outcomes[i].d
		if d != nil && !d.Dropped {
			writes = append(writes, touched{d, d.Write.SeqNo, len(out)})
		}
		if w := outcomes[i].written; w != nil {
			out = append(out, w)
			continue
		}
		if _, failed := body.Get("error"); failed {
			errors = true // a noop update writes nothing and is no failure
		}
		out = append(out, jsonout.Object{{Key: it.action, Value: body}})
	}
	if policy != refreshNone {
		forced := map[any]bool{}
		seen := map[any]bool{}
		for _, w := range writes {
			sh := w.d.Index.Shards[w.d.Shard]
			if seen[sh] {
				continue
			}
			seen[sh] = true
			forced[sh] = b.applyRefresh(r, policy, w.d)
		}
		if policy == refreshImmediate {
			for _, o := range out {
				addForced(o)
			}
		} else {
			// wait_for past max_refresh_listeners forced its shard's refresh.
			for _, w := range writes {
				if forced[w.d.Index.Shards[w.d.Shard]] {
					addForced(out[w.pos])
				}
			}
		}
	}
	took := b.Clock.Now().Sub(start).Milliseconds()
	body := jsonout.Object{{Key: "took", Value: took}}
	// BulkResponse prints ingest_took when some item went through a pipeline.
	ingestNanos := int64(-1)
	for i := range items {
		if n := items[i].op.IngestNanos; n >= 0 {
			ingestNanos = max(ingestNanos, 0) + n
		}
	}
	if ingestNanos >= 0 {
		body = append(body, jsonout.Field{Key: "ingest_took", Value: ingestNanos / 1e6})
	}
	return OK(append(body, jsonout.Field{Key: "errors", Value: errors}, jsonout.Field{Key: "items", Value: out})), nil
}

// addForced inserts forced_refresh after "result" in a successful item.
func addForced(o any) {
	if w, ok := o.(*bulkWritten); ok {
		w.forced = true
		return
	}
	item := o.(jsonout.Object)
	body, ok := item[0].Value.(jsonout.Object)
	if !ok {
		return
	}
	for i, f := range body {
		if f.Key == "result" {
			nb := make(jsonout.Object, 0, len(body)+1)
			nb = append(nb, body[:i+1]...)
			nb = append(nb, jsonout.Field{Key: "forced_refresh", Value: true})
			nb = append(nb, body[i+1:]...)
			item[0].Value = nb
			return
		}
	}
}

// bulkFailure is the response body of a failed bulk item.
func bulkFailure(it *bulkItem, e *apierr.Error) jsonout.Object {
	var id any = it.op.ID
	if it.op.AutoID && it.op.ID == "" {
		id = nil
	}
	return jsonout.Object{{Key: "_index", Value: it.op.Index}, {Key: "_id", Value: id}, {Key: "status", Value: e.Status},
		{Key: "error", Value: e.Inline()}}
}

// bulkOne runs one item and returns its response body (and the write on success).
func (b *Backend) bulkOne(it *bulkItem) (jsonout.Object, *write.Result) {
	fail := func(e *apierr.Error) (jsonout.Object, *write.Result) { return bulkFailure(it, e), nil }
	if it.err != nil {
		return fail(it.err)
	}
	it.op.RequireAlias = it.reqAl
	if it.action == "update" {
		if it.reqAl && !b.Indices.IsAlias(it.op.Index) {
			return fail(apierr.New(apierr.TypeIndexNotFound, "no such index ["+it.op.Index+"] and [require_alias] request flag is [true] and ["+it.op.Index+"] is not an alias",
				apierr.Meta{Key: "index", Value: it.op.Index}, apierr.Meta{Key: "index_uuid", Value: apierr.UnknownUUID}))
		}
		target, routing, terr := b.Indices.WriteTarget(it.op.Index)
		if terr != nil {
			return fail(terr)
		}
		it.op.Index = target
		if it.op.Routing == "" {
			it.op.Routing = routing
		}
		// Update items run the single-document update (DocOps installs it).
		if b.UpdateItem == nil {
			return fail(apierr.Internal("bulk update items need the document operations (NewDocOps)"))
		}
		raw, err := jsonout.Marshal(it.update)
		if err != nil {
			return fail(apierr.Internal(err.Error()))
		}
		d, body, e := b.UpdateItem(&it.op, it.retry, raw, it.fetch)
		if e != nil {
			return fail(e)
		}
		return body, d
	}
	d, e := b.writer().Run(&it.op)
	if e != nil {
		return fail(e)
	}
	body := b.writeBody(&it.op, d, false)
	return append(body, jsonout.Field{Key: "status", Value: d.Status}), d
}

// parseBulk splits and validates the NDJSON body as BulkRequestParser does.
func parseBulk(data []byte, defIndex, defRouting string, reqAlias bool) ([]bulkItem, *apierr.Error) {
	// Room for the items at once (an item takes one or two lines): growing
	// by appending would copy the large items a dozen times over. Bounded,
	// as blank lines count too.
	items := make([]bulkItem, 0, min(bytes.Count(data, []byte{'\n'})/2+1, 10000))
	var invalid []string
	line := 0
	for len(data) > 0 {
		nl := bytes.IndexByte(data, '\n')
		if nl < 0 {
			if len(bytes.TrimSpace(data)) == 0 {
				break
			}
			return nil, apierr.IllegalArgument("The bulk request must be terminated by a newline [\\n]")
		}
		raw := data[:nl]
		data = data[nl+1:]
		line++
		if len(bytes.TrimSpace(raw)) == 0 {
			continue
		}
		action, meta, plain := plainBulkAction(raw)
		if !plain {
			v, err := jsonout.Decode(raw)
			if err != nil {
				return nil, apierr.JSONSyntax(raw, err)
			}
			obj, ok := v.(jsonout.Object)
			if !ok {
				return nil, apierr.IllegalArgument("Malformed action/metadata line [%d], expected START_OBJECT or END_OBJECT but found [%s]", line, tokenName(v))
			}
			if len(obj) == 0 {
				return nil, apierr.IllegalArgument("Malformed action/metadata line [%d], expected FIELD_NAME but found [END_OBJECT]", line)
			}
			action = obj[0].Key
			switch action {
			case "index", "create", "update", "delete":
			default:
				return nil, apierr.IllegalArgument("Malformed action/metadata line [%d], expected field [create], [delete], [index] or [update] but found [%s]", line, action)
			}
			if meta, ok = obj[0].Value.(jsonout.Object); !ok {
				return nil, apierr.IllegalArgument("Malformed action/metadata line [%d], expected START_OBJECT but found [%s]", line, tokenName(obj[0].Value))
			}
			if len(obj) > 1 {
				return nil, apierr.IllegalArgument("Malformed action/metadata line [%d], expected END_OBJECT but found [FIELD_NAME]", line)
			}
		}
		it := bulkItem{action: action, reqAl: reqAlias}
		it.op = write.Op{Index: defIndex, Routing: defRouting, IfSeqNo: shard.NoSeqNo, Create: action == "create", Delete: action == "delete"}
		_, hasID := meta.Get("_id")
		if e := it.readMeta(meta, line); e != nil {
			return nil, e
		}
		if action == "update" && (it.op.HasVersion || it.op.VersionType != shard.Internal) {
			return nil, apierr.IllegalArgument("Update requests do not support versioning. Please use `if_seq_no` and `if_primary_term` instead")
		}
		// BulkRequest.validate runs every item's own validate and refuses
		// the whole request with all their messages (the index first, as
		// ReplicationRequest.validate checks it before the item's own).
		if it.op.Index == "" {
			invalid = append(invalid, "index is missing")
		}
		if !hasID {
			if action != "index" && action != "create" {
				invalid = append(invalid, "id is missing")
			} else {
				it.op.AutoID, it.op.Create = true, true
			}
		}
		if action != "delete" {
			nl := bytes.IndexByte(data, '\n')
			var src []byte
			if nl < 0 {
				if len(bytes.TrimSpace(data)) == 0 {
					return nil, apierr.Validation("source is missing")
				}
				return nil, apierr.IllegalArgument("The bulk request must be terminated by a newline [\\n]")
			}
			src, data = data[:nl], data[nl+1:]
			line++
			src = bytes.TrimRight(src, "\r")
			if action == "update" {
				uv, err := jsonout.Decode(src)
				if err != nil {
					return nil, apierr.JSONSyntax(src, err)
				}
				uo, _ := uv.(jsonout.Object)
				it.update = uo
			} else {
				// The source shares the request body (no copy per item); the
				// capped capacity keeps an append to it off the next line.
				it.op.Source = src[:len(src):len(src)]
			}
		}
		items = append(items, it)
	}
	if len(invalid) > 0 {
		return nil, apierr.Validation(invalid...)
	}
	return items, nil
}

// readMeta reads the action line's metadata keys.
func (it *bulkItem) readMeta(meta jsonout.Object, line int) *apierr.Error {
	for _, f := range meta {
		if e := metaValueShape(f, line); e != nil {
			return e
		}
		s, isStr := f.Value.(string)
		num, isNum := f.Value.(json.Number)
		if !isStr && isNum {
			s = num.String()
		}
		switch f.Key {
		case "_index":
			it.op.Index = s
		case "_id":
			if f.Value == nil {
				it.op.AutoID = true
				continue
			}
			it.op.ID = s
		case "routing", "_routing":
			it.op.Routing, it.routed = s, true
		case "if_seq_no":
			n, err := strconv.ParseInt(s, 10, 64)
			if err != nil {
				return apierr.IllegalArgument("Malformed action/metadata line [%d], if_seq_no must be a number", line)
			}
			it.op.IfSeqNo = n
		case "if_primary_term":
			n, err := strconv.ParseInt(s, 10, 64)
			if err != nil {
				return apierr.IllegalArgument("Malformed action/metadata line [%d], if_primary_term must be a number", line)
			}
			it.op.IfPrimaryTerm = n
		case "version", "_version":
			n, err := strconv.ParseInt(s, 10, 64)
			if err != nil {
				return apierr.IllegalArgument("Malformed action/metadata line [%d], version must be a number", line)
			}
			it.op.Version, it.op.HasVersion = n, true
		case "version_type", "_version_type":
			vt, err := write.ParseVersionType(s)
			if err != nil {
				return err.(*apierr.Error)
			}
			it.op.VersionType = vt
		case "retry_on_conflict", "_retry_on_conflict":
			n, _ := strconv.Atoi(s)
			it.retry = n
		case "require_alias":
			it.reqAl = s == "true" || f.Value == true
		case "pipeline":
			it.op.Pipeline, it.op.HasPipeline = s, true
		case "_source":
			fs, e := bulkMetaSource(f.Value)
			if e != nil {
				return e
			}
			if fs != nil {
				it.fetch = fs
			}
		case "op_type":
			switch s {
			case "create":
				it.op.Create = true
				if it.action == "index" {
					it.action = "create" // the item answers under "create"
				}
			case "index":
			default:
				return apierr.IllegalArgument("opType must be 'create' or 'index', found: [%s]", s)
			}
		default:
			return apierr.IllegalArgument("Action/metadata line [%d] contains an unknown parameter [%s]", line, f.Key)
		}
	}
	return nil
}

func tokenName(v any) string {
	switch v.(type) {
	case []any:
		return "START_ARRAY"
	case string:
		return "VALUE_STRING"
	case json.Number:
		return "VALUE_NUMBER"
	case bool:
		return "VALUE_BOOLEAN"
	case nil:
		return "VALUE_NULL"
	}
	return "START_OBJECT"
}
