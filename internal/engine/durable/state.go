package durable

import (
	"encoding/json"
	"time"

	"github.com/clustersearch/clustersearch-go/internal/engine/dangling"
	"github.com/clustersearch/clustersearch-go/internal/engine/indices"
)

// persistedDoc is one document in the data directory.
type persistedDoc struct {
	ID      string `json:"id"`
	Routing string `json:"routing,omitempty"`
	Version int64  `json:"version"`
	Source  []byte `json:"source"` // exact bytes (base64 in the file)
}

// persistedIndex is an index (or a dangling index) in the data directory.
type persistedIndex struct {
	Name         string          `json:"name"`
	UUID         string          `json:"uuid"`
	CreationDate int64           `json:"creation_date"`
	Body         json.RawMessage `json:"body"`
	Docs         []persistedDoc  `json:"docs,omitempty"`
	NodeIDs      []string        `json:"node_ids,omitempty"`
}

// persistedState is a snapshot of everything the fake persists.
type persistedState struct {
	Indices       []persistedIndex `json:"indices"`
	Dangling      []persistedIndex `json:"dangling"`
	Notifications json.RawMessage  `json:"notifications,omitempty"`
	// ClusterSettings holds the persistent cluster settings (flat).
	ClusterSettings json.RawMessage `json:"cluster_settings,omitempty"`
	// Pipelines holds the ingest pipelines.
	Pipelines json.RawMessage `json:"pipelines,omitempty"`
	// Templates holds the index, component and legacy templates.
	Templates json.RawMessage `json:"templates,omitempty"`
	// Cluster is the cluster's identity: task ids and stored task results
	// name the node ids, so a restart keeps them.
	Cluster *persistedCluster `json:"cluster,omitempty"`
}

// persistedCluster is the identity of the cluster and its nodes.
type persistedCluster struct {
	UUID    string   `json:"uuid"`
	NodeIDs []string `json:"node_ids"`
}

// record is one log entry. Op says which fields are set:
// index_state (Index: the whole index, replacing one of that name),
// index_delete (Name, UUID), doc (Name, UUID, Doc), doc_delete (Name,
// UUID, Doc without source), notifications, pipelines, templates and
// cluster_settings (State: the whole set), dangling (Dangling).
type record struct {
	Op       string           `json:"op"`
	Name     string           `json:"name,omitempty"`
	UUID     string           `json:"uuid,omitempty"`
	Index    *persistedIndex  `json:"index,omitempty"`
	Doc      *persistedDoc    `json:"doc,omitempty"`
	State    json.RawMessage  `json:"state,omitempty"`
	Dangling []persistedIndex `json:"dangling,omitempty"`
	// Cluster is the identity (op cluster), logged when a directory is new.
	Cluster *persistedCluster `json:"cluster,omitempty"`
}

func fromDangling(x dangling.Index) persistedIndex {
	p := persistedIndex{Name: x.Name, UUID: x.UUID, CreationDate: x.CreationDate, Body: x.Body, NodeIDs: x.NodeIDs}
	if len(p.Body) == 0 {
		p.Body = json.RawMessage("{}")
	}
	for _, d := range x.Docs {
		p.Docs = append(p.Docs, persistedDoc{ID: d.ID, Routing: d.Routing, Version: d.Version, Source: d.Source})
	}
	return p
}

func (p persistedIndex) toDangling() dangling.Index {
	x := dangling.Index{Name: p.Name, UUID: p.UUID, CreationDate: p.CreationDate, Body: p.Body, NodeIDs: p.NodeIDs}
	for _, d := range p.Docs {
		x.Docs = append(x.Docs, dangling.Doc{ID: d.ID, Routing: d.Routing, Version: d.Version, Source: d.Source})
	}
	return x
}

// captureIndex reads a live index as it stands, aliases included
// (refreshing its shards).
func (p *Persister) captureIndex(x *indices.Index, now time.Time) persistedIndex {
	return fromDangling(p.st.Host.CaptureIndex(x, now))
}
