package rest

import (
	"net/http"
	"sort"
	"time"

	"github.com/clustersearch/clustersearch-go/internal/engine/apierr"
	"github.com/clustersearch/clustersearch-go/internal/engine/dangling"
	"github.com/clustersearch/clustersearch-go/internal/engine/indices"
	"github.com/clustersearch/clustersearch-go/internal/engine/jsonout"
	"github.com/clustersearch/clustersearch-go/internal/engine/nodestats"
	"github.com/clustersearch/clustersearch-go/internal/engine/settings"
	"github.com/clustersearch/clustersearch-go/internal/engine/shard"
	"github.com/clustersearch/clustersearch-go/internal/engine/write"
)

// DanglingAPI serves the dangling indexes API over a Backend.
type DanglingAPI struct {
	b     *Backend
	store *dangling.Store
}

// NewDanglingAPI returns the API for the dangling indexes in store.
func NewDanglingAPI(b *Backend, store *dangling.Store) *DanglingAPI {
	return &DanglingAPI{b: b, store: store}
}

// Store returns the dangling indexes.
func (d *DanglingAPI) Store() *dangling.Store { return d.store }

// Routes returns the dangling_indices routes.
func (d *DanglingAPI) Routes() []Route {
	change := []string{"accept_data_loss", "timeout", "master_timeout", "cluster_manager_timeout"}
	return []Route{
		{Op: "dangling_indices.list_dangling_indices", Method: "GET", Path: "/_dangling", Handler: d.list},
		{Op: "dangling_indices.import_dangling_index", Method: "POST", Path: "/_dangling/{index_uuid}", Params: change, Handler: d.importIndex},
		{Op: "dangling_indices.delete_dangling_index", Method: "DELETE", Path: "/_dangling/{index_uuid}", Params: change, Handler: d.deleteIndex},
	}
}

func (d *DanglingAPI) list(r *Request) (*Response, error) {
	return OK(dangling.RenderList(d.b.Cluster.Name, len(d.b.Cluster.Nodes), r.Human(), d.store.List())), nil
}

// accepted is the answer of import and delete: 202 and acknowledged.
func accepted() *Response {
	return &Response{Status: http.StatusAccepted, Body: jsonout.Object{{Key: "acknowledged", Value: true}}}
}

// changeRequest runs the checks import and delete share, in the server's
// order: parameters, the index lookup, then accept_data_loss.
func (d *DanglingAPI) changeRequest(r *Request) (dangling.Index, error) {
	// RestImportDanglingIndexAction reads accept_data_loss before the timeouts.
	accept, err := r.Bool("accept_data_loss", false)
	if err != nil {
		return dangling.Index{}, err
	}
	if err := checkTimeouts(r, "timeout", "cluster_manager_timeout", "master_timeout"); err != nil {
		return dangling.Index{}, err
	}
	x, aerr := d.store.Find(r.PathParam("index_uuid"))
	if aerr != nil {
		return dangling.Index{}, aerr
	}
	if aerr := dangling.CheckAcceptDataLoss(accept); aerr != nil {
		return dangling.Index{}, aerr
	}
	return x, nil
}

func (d *DanglingAPI) importIndex(r *Request) (*Response, error) {
	x, err := d.changeRequest(r)
	if err != nil {
		return nil, err
	}
	if err := d.Import(x); err != nil {
		return nil, err
	}
	return accepted(), nil
}

func (d *DanglingAPI) deleteIndex(r *Request) (*Response, error) {
	x, err := d.changeRequest(r)
	if err != nil {
		return nil, err
	}
	d.store.Remove(x.UUID)
	return accepted(), nil
}

// Import brings a dangling index back into the cluster with its UUID,
// creation date, settings, mapping and documents (their versions kept). As
// LocalAllocateDangledIndices does, an index whose name the cluster already
// uses is skipped and stays dangling; the request is still acknowledged.
func (d *DanglingAPI) Import(x dangling.Index) error {
	if _, exists := d.b.Indices.Get(x.Name); exists {
		return nil
	}
	req, err := ParseCreateIndex(x.Name, x.Body)
	if err != nil {
		return err
	}
	req.UUID, req.CreationDate = x.UUID, x.CreationDate
	if _, aerr := d.b.Indices.Create(req); aerr != nil {
		return aerr
	}
	for _, doc := range x.Docs {
		version := max(doc.Version, 1)
		op := &write.Op{Index: x.Name, ID: doc.ID, Routing: doc.Routing, Source: doc.Source, IfSeqNo: shard.NoSeqNo,
			Version: version, VersionType: shard.External, HasVersion: true, SkipIngest: true}
		if _, err := d.b.writer().Run(op); err != nil {
			return err
		}
	}
	if idx, ok := d.b.Indices.Get(x.Name); ok {
		idx.Refresh(d.b.Indices)
	}
	d.store.Remove(x.UUID)
	return nil
}

// computedSettings are the index settings the server sets itself; a
// dangling index's create body leaves them out.
var computedSettings = map[string]bool{settings.UUID: true, settings.CreationDate: true, settings.VersionCreated: true, settings.ProvidedName: true}

// Detach turns a live index into a dangling one, as when a node rejoins
// with data of an index the cluster has since forgotten: the index leaves
// the cluster and its metadata and documents are kept for an import.
func (d *DanglingAPI) Detach(name string) (dangling.Index, error) {
	x, ok := d.b.Indices.Get(name)
	if !ok {
		return dangling.Index{}, apierr.IndexNotFound(name, apierr.ResourceIndexOrAlias)
	}
	out := Snapshot(x, d.b.renderAliases(x, nil), d.b.Clock.Now(), len(d.b.Cluster.Nodes), d.nodeIDs())
	if aerr := d.store.Add(out); aerr != nil {
		return dangling.Index{}, aerr
	}
	d.b.Indices.Delete([]string{name})
	return out, nil
}

func (d *DanglingAPI) nodeIDs() []string {
	ids := make([]string, len(d.b.Cluster.Nodes))
	for i, n := range d.b.Cluster.Nodes {
		ids[i] = n.ID
	}
	return ids
}

// Snapshot captures an index as a dangling index: its create body (user
// settings, mapping and the given aliases), identity and live documents (it
// refreshes the shards to read them). The nodes are those holding a copy of
// any shard.
func Snapshot(x *indices.Index, aliases jsonout.Object, now time.Time, nodes int, nodeIDs []string) dangling.Index {
	st := settings.Settings{}
	for k, v := range x.Settings() {
		if !computedSettings[k] {
			st[k] = v
		}
	}
	create := jsonout.Object{{Key: "settings", Value: st.Nested()}, {Key: "mappings", Value: x.Mapping().Render()}}
	if len(aliases) > 0 {
		create = append(create, jsonout.Field{Key: "aliases", Value: aliases})
	}
	body, _ := jsonout.Marshal(create)
	out := dangling.Index{Name: x.Name, UUID: x.UUID, CreationDate: x.CreationDate, Body: body}
	holders := map[int]bool{}
	for _, sh := range x.Shards {
		for _, n := range nodestats.Allocate(nodes, x.Name, sh.Num, x.Replicas()) {
			holders[n] = true
		}
		sh.Refresh(now)
		sh.Live(sh.MaybeRefresh(now, 0), func(doc *shard.Doc) bool {
			out.Docs = append(out.Docs, dangling.Doc{ID: doc.ID, Routing: doc.Routing, Source: doc.Source, Version: doc.Version})
			return true
		})
	}
	var pos []int
	for n := range holders {
		pos = append(pos, n)
	}
	sort.Ints(pos)
	for _, p := range pos {
		if p < len(nodeIDs) {
			out.NodeIDs = append(out.NodeIDs, nodeIDs[p])
		}
	}
	return out
}
