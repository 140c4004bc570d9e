package rest

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"os"

	"github.com/clustersearch/clustersearch-go/internal/engine/cluster"
	"github.com/clustersearch/clustersearch-go/internal/engine/dangling"
	"github.com/clustersearch/clustersearch-go/internal/engine/persist"
	"github.com/clustersearch/clustersearch-go/internal/engine/shard"
	"github.com/clustersearch/clustersearch-go/internal/engine/write"
)

// RestoreIdentity gives c the cluster uuid and node ids a data directory
// saved, so that task ids and stored task results stay valid across a
// restart. Call it before anything reads the node ids. Nodes beyond those
// saved (a restart with more nodes) keep their fresh ids.
func RestoreIdentity(c *cluster.Cluster, l *persist.Loaded) error {
	st, err := loadedState(l)
	if err != nil {
		return err
	}
	applyIdentity(c, st.Cluster)
	for _, data := range l.Records {
		if !bytes.HasPrefix(data, identityPrefix) {
			continue
		}
		var rec record
		if json.Unmarshal(data, &rec) == nil {
			applyIdentity(c, rec.Cluster)
		}
	}
	return nil
}

// identityPrefix starts the log record of the cluster's identity (the op
// is the first field a record marshals), so finding it costs no decoding.
var identityPrefix = []byte(`{"op":"cluster"`)

func loggedIdentity(l *persist.Loaded) bool {
	for _, data := range l.Records {
		if bytes.HasPrefix(data, identityPrefix) {
			return true
		}
	}
	return false
}

func applyIdentity(c *cluster.Cluster, id *persistedCluster) {
	if id == nil {
		return
	}
	if id.UUID != "" {
		c.UUID = id.UUID
	}
	for i := range c.Nodes {
		if i < len(id.NodeIDs) && id.NodeIDs[i] != "" {
			c.Nodes[i].ID = id.NodeIDs[i]
		}
	}
}

// Restore rebuilds the state from what the directory held: the snapshot,
// then each logged record in order. A directory in the old format, one
// recovered from damage or one that adopted index files is then rewritten
// by a checkpoint; a new one logs the cluster's identity.
// No part depends on another being restored first: documents are replayed
// without running ingest pipelines (their sources were stored after the
// pipelines ran), so an index whose default_pipeline is gone still loads.
// Replayed documents carry their versions as external versions, so a
// record older than the state it lands on changes nothing.
//
// It returns the report of the opening: what the directory's recovery
// dropped (with recovering, a record that cannot be applied is dropped and
// reported too, where otherwise it fails the restore) and the notes.
func (p *Persister) Restore(l *persist.Loaded, recovering bool) ([]string, error) {
	var report []string
	for _, pr := range l.Problems {
		report = append(report, "dropped: "+pr.String())
	}
	st, err := loadedState(l)
	if err != nil {
		return nil, err
	}
	if err := p.restoreState(st, recovering, &report); err != nil {
		return nil, err
	}
	orphans := map[string]int{} // with recovering: document records whose index is gone
	var orphanOrder []string
	for i, data := range l.Records {
		var rec record
		err := json.Unmarshal(data, &rec)
		if err == nil {
			err = p.apply(rec)
		}
		if errors.Is(err, errNoIndex) {
			if recovering {
				key := fmt.Sprintf("index [%s] (uuid %s)", rec.Name, rec.UUID)
				if orphans[key] == 0 {
					orphanOrder = append(orphanOrder, key)
				}
				orphans[key]++
			}
			continue
		}
		if err != nil {
			err = fmt.Errorf("clustersearch-fake: log record %d (%s): %w", i, rec.Op, err)
			if !recovering {
				return nil, err
			}
			report = append(report, "dropped: "+err.Error())
		}
	}
	for _, key := range orphanOrder {
		report = append(report, fmt.Sprintf("dropped: %d logged document changes to %s, which the readable files no longer hold", orphans[key], key))
	}
	for _, x := range p.b.Indices.All() {
		p.logged.Store(x.UUID, true)
		// A recovered shard opens a searcher over everything it replayed.
		x.Refresh(p.b.Indices)
	}
	adopted, err := p.adoptDanglingFiles()
	if err != nil {
		return nil, err
	}
	switch {
	case l.Legacy || len(l.Problems) > 0 || len(adopted) > 0:
		// Rewrite the directory whole: in the current format, without the
		// damaged files, with the adopted indexes.
		if err := p.Checkpoint(); err != nil {
			return nil, err
		}
	case st.Cluster == nil && !loggedIdentity(l):
		// A new directory: log the node ids before anything names them.
		p.logMu.Lock()
		p.logRecord(record{Op: "cluster", Cluster: p.identity()})
		p.logMu.Unlock()
		if err := p.dir.Sync(); err != nil {
			return nil, err
		}
	}
	// The snapshot now holds the adopted index files: they have done their job.
	for _, f := range adopted {
		if err := os.Remove(f); err != nil {
			return nil, err
		}
	}
	for _, n := range l.Notes {
		report = append(report, "note: "+n)
	}
	return report, nil
}

// restoreState loads a snapshot: the cluster-wide parts, then the indexes.
func (p *Persister) restoreState(st persistedState, recovering bool, report *[]string) error {
	try := func(err error) error {
		if err == nil || !recovering {
			return err
		}
		*report = append(*report, "dropped: "+err.Error())
		return nil
	}
	applyIdentity(p.b.Cluster, st.Cluster)
	if len(st.ClusterSettings) > 0 {
		if err := p.b.clusterSettings().RestorePersistent(st.ClusterSettings); err != nil {
			if err := try(fmt.Errorf("clustersearch-fake: restoring the cluster settings: %w", err)); err != nil {
				return err
			}
		}
	}
	if err := try(p.restorePipelines(st.Pipelines)); err != nil {
		return err
	}
	if len(st.Notifications) > 0 && p.notify != nil {
		if err := p.notify.Restore(st.Notifications); err != nil {
			if err := try(fmt.Errorf("clustersearch-fake: restoring the notification configs: %w", err)); err != nil {
				return err
			}
		}
	}
	for _, ix := range st.Indices {
		if err := p.restoreIndex(ix); err != nil {
			if err := try(fmt.Errorf("clustersearch-fake: restoring index [%s]: %w", ix.Name, err)); err != nil {
				return err
			}
		}
	}
	for _, d := range st.Dangling {
		if aerr := p.dangling.Add(d.toDangling()); aerr != nil {
			if err := try(fmt.Errorf("clustersearch-fake: restoring dangling index [%s]: %w", d.Name, aerr)); err != nil {
				return err
			}
		}
	}
	return nil
}

func (p *Persister) restorePipelines(data json.RawMessage) error {
	if len(data) == 0 || p.pipelines == nil {
		return nil
	}
	if err := p.pipelines.Restore(data); err != nil {
		return fmt.Errorf("clustersearch-fake: restoring the %w", err)
	}
	return nil
}

func (p *Persister) restoreIndex(ix persistedIndex) error {
	if old, ok := p.b.Indices.Get(ix.Name); ok {
		p.b.Indices.Delete([]string{old.Name})
	}
	d := DanglingAPI{b: p.b, store: dangling.NewStore()}
	return d.Import(ix.toDangling())
}

// errNoIndex is apply's answer for a document record whose index the
// restored state does not hold.
var errNoIndex = errors.New("no such index")

func (p *Persister) apply(rec record) error {
	switch rec.Op {
	case "index_state":
		if rec.Index != nil {
			return p.restoreIndex(*rec.Index)
		}
	case "index_delete":
		if x, ok := p.b.Indices.Get(rec.Name); ok && x.UUID == rec.UUID {
			p.b.Indices.Delete([]string{rec.Name})
		}
	case "doc", "doc_delete":
		x, ok := p.b.Indices.Get(rec.Name)
		if !ok || x.UUID != rec.UUID || rec.Doc == nil {
			// The index was deleted (or replaced) later, or, in a
			// damaged directory, lost with its unreadable records.
			return errNoIndex
		}
		op := &write.Op{Index: rec.Name, ID: rec.Doc.ID, Routing: rec.Doc.Routing, Source: rec.Doc.Source, IfSeqNo: shard.NoSeqNo,
			Version: max(rec.Doc.Version, 1), VersionType: shard.External, HasVersion: true, Delete: rec.Op == "doc_delete", SkipIngest: true}
		if _, err := p.b.writer().Run(op); err != nil {
			if err.Status == http.StatusConflict {
				return nil // the state already holds a newer version
			}
			return err
		}
	case "notifications":
		if p.notify != nil && len(rec.State) > 0 {
			return p.notify.Restore(rec.State)
		}
	case "pipelines":
		return p.restorePipelines(rec.State)
	case "cluster":
		applyIdentity(p.b.Cluster, rec.Cluster)
	case "cluster_settings":
		if len(rec.State) > 0 {
			return p.b.clusterSettings().RestorePersistent(rec.State)
		}
	}
	return nil
}
