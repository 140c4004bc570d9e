package durable

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strings"

	"github.com/clustersearch/clustersearch-go/internal/engine/persist"
)

// snapshotPart is one part of a snapshot: each index is its own part, so
// a damaged part loses that index alone and the refusal can name it.
type snapshotPart struct {
	Kind    string            `json:"kind"` // cluster, cluster_settings, pipelines, templates, notifications, index, dangling
	Cluster *persistedCluster `json:"cluster,omitempty"`
	State   json.RawMessage   `json:"state,omitempty"`
	Index   *persistedIndex   `json:"index,omitempty"`
}

// snapshotParts splits a state into named parts.
func snapshotParts(st persistedState) (names []string, parts [][]byte, err error) {
	add := func(name string, part snapshotPart) {
		if err != nil {
			return
		}
		var data []byte
		if data, err = json.Marshal(part); err == nil {
			names, parts = append(names, name), append(parts, data)
		}
	}
	add("the cluster's uuid and node ids", snapshotPart{Kind: "cluster", Cluster: st.Cluster})
	add("the persistent cluster settings", snapshotPart{Kind: "cluster_settings", State: st.ClusterSettings})
	add("the ingest pipelines", snapshotPart{Kind: "pipelines", State: st.Pipelines})
	if len(st.Templates) > 0 {
		add("the index templates", snapshotPart{Kind: "templates", State: st.Templates})
	}
	add("the notification configs", snapshotPart{Kind: "notifications", State: st.Notifications})
	for i := range st.Indices {
		ix := &st.Indices[i]
		add(fmt.Sprintf("index [%s] (uuid %s) with its %d documents", ix.Name, ix.UUID, len(ix.Docs)), snapshotPart{Kind: "index", Index: ix})
	}
	for i := range st.Dangling {
		ix := &st.Dangling[i]
		add(fmt.Sprintf("dangling index [%s] (uuid %s) with its %d documents", ix.Name, ix.UUID, len(ix.Docs)), snapshotPart{Kind: "dangling", Index: ix})
	}
	return names, parts, err
}

// loadedState rebuilds the state a directory's snapshot holds (empty when
// there is none).
func loadedState(l *persist.Loaded) (persistedState, error) {
	var st persistedState
	if l == nil || l.Snapshot == nil {
		return st, nil
	}
	if l.Legacy {
		if err := json.Unmarshal(l.Snapshot[0], &st); err != nil {
			return st, fmt.Errorf("clustersearch-fake: reading the snapshot: %w", err)
		}
		return st, nil
	}
	for i, data := range l.Snapshot {
		var part snapshotPart
		if err := json.Unmarshal(data, &part); err != nil {
			return st, fmt.Errorf("clustersearch-fake: reading the snapshot's %s: %w", l.Parts[i], err)
		}
		switch part.Kind {
		case "cluster":
			st.Cluster = part.Cluster
		case "cluster_settings":
			st.ClusterSettings = part.State
		case "pipelines":
			st.Pipelines = part.State
		case "templates":
			st.Templates = part.State
		case "notifications":
			st.Notifications = part.State
		case "index", "dangling":
			if part.Index == nil {
				return st, fmt.Errorf("clustersearch-fake: the snapshot's %s holds no index", l.Parts[i])
			}
			if part.Kind == "index" {
				st.Indices = append(st.Indices, *part.Index)
			} else {
				st.Dangling = append(st.Dangling, *part.Index)
			}
		default:
			return st, fmt.Errorf("clustersearch-fake: the snapshot's %s is of an unknown kind %q", l.Parts[i], part.Kind)
		}
	}
	return st, nil
}

// DescribeRecord names what a damaged log record probably held, from bytes
// that failed their checksum: the operation, index and document id when
// they can still be read, else nothing.
func DescribeRecord(payload []byte) string {
	field := func(key string) string {
		_, rest, ok := bytes.Cut(payload, []byte(`"`+key+`":"`))
		if !ok {
			return ""
		}
		end := bytes.IndexByte(rest, '"')
		if end < 0 || end > 200 {
			return ""
		}
		return strings.ToValidUTF8(string(rest[:end]), "\uFFFD")
	}
	op := field("op")
	if op == "" {
		return ""
	}
	out := "probably " + op
	if name := field("name"); name != "" {
		out += " on index [" + name + "]"
	}
	if op == "doc" || op == "doc_delete" {
		if id := field("id"); id != "" {
			out += ", document [" + id + "]"
		}
	}
	return out
}
