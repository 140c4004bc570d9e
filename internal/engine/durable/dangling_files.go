package durable

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"sort"

	"github.com/clustersearch/clustersearch-go/internal/engine/dangling"
)

// DanglingFolder is the folder of a data directory where index files that
// the cluster state does not know are found: each becomes a dangling index
// when the server starts, as an index folder a node finds on its disk does.
const DanglingFolder = "dangling"

// WriteIndexFile writes an index (metadata and documents, as
// Host.CaptureIndex reads it) as an index file that a server started on a
// data directory holding it in DanglingFolder lists as dangling.
func WriteIndexFile(x dangling.Index, path string) error {
	data, err := json.Marshal(fromDangling(x))
	if err != nil {
		return err
	}
	tmp := path + ".tmp"
	if err := os.WriteFile(tmp, data, 0o644); err != nil {
		return err
	}
	return os.Rename(tmp, path)
}

// adoptDanglingFiles adds the index files of the data directory's dangling
// folder that neither the cluster nor the dangling list knows; it returns
// the files adopted (removed once a snapshot holds them).
func (p *Persister) adoptDanglingFiles() ([]string, error) {
	files, err := filepath.Glob(filepath.Join(p.dir.Path(), DanglingFolder, "*.json"))
	if err != nil {
		return nil, err
	}
	sort.Strings(files)
	known := map[string]bool{}
	for _, x := range p.st.Indices.All() {
		known[x.UUID] = true
	}
	for _, x := range p.dangling.List() {
		known[x.UUID] = true
	}
	var adopted []string
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			return nil, err
		}
		var ix persistedIndex
		if err := json.Unmarshal(data, &ix); err != nil || ix.Name == "" || ix.UUID == "" {
			return nil, fmt.Errorf("clustersearch-fake: %s is not an index file", f)
		}
		if !known[ix.UUID] {
			if len(ix.NodeIDs) == 0 {
				ix.NodeIDs = []string{p.st.Cluster.Nodes[0].ID}
			}
			if aerr := p.dangling.Add(ix.toDangling()); aerr != nil {
				return nil, aerr
			}
			known[ix.UUID] = true
		}
		adopted = append(adopted, f)
	}
	return adopted, nil
}
