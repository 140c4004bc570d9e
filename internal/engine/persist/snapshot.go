package persist

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
)

// writeSnapshot stores a snapshot of generation gen (the state when record
// seq was next) in a temporary file, fsyncs it and renames it into place;
// then the files it covers are removed.
func (d *Dir) writeSnapshot(gen int, seq uint64, names []string, parts [][]byte) error {
	if len(names) != len(parts) {
		return fmt.Errorf("persist: %d names for %d snapshot parts", len(names), len(parts))
	}
	list, err := json.Marshal(names)
	if err != nil {
		return fmt.Errorf("persist: %w", err)
	}
	buf := fileHeader{magic: magicSnap, gen: uint64(gen), seq: seq}.encode()
	buf = appendFrame(buf, kindManifest, 0, list)
	for i, p := range parts {
		buf = appendFrame(buf, kindPart, uint64(i), p)
	}
	buf = appendFrame(buf, kindEnd, uint64(len(parts)), nil)
	final := filepath.Join(d.path, snapName(gen))
	tmp := final + ".tmp"
	if err := writeSynced(tmp, buf); err != nil {
		return err
	}
	if err := os.Rename(tmp, final); err != nil {
		return fmt.Errorf("persist: %w", err)
	}
	if err := syncDir(d.path); err != nil {
		return err
	}
	d.mu.Lock()
	defer d.mu.Unlock()
	d.owned[snapName(gen)] = true
	// Everything before this generation is now covered by the snapshot.
	snaps, logs, err := listFiles(d.path)
	if err != nil {
		return err
	}
	for _, f := range append(snaps, logs...) {
		if f.gen < gen && d.owned[f.name] {
			if err := os.Remove(filepath.Join(d.path, f.name)); err != nil && !os.IsNotExist(err) {
				return fmt.Errorf("persist: %w", err)
			}
			delete(d.owned, f.name)
		}
	}
	return nil
}
