package sysstats

import (
	"bufio"
	"os"
	"path/filepath"
	"strings"
	"syscall"
)

// FS is one data path of the "fs" group, in bytes.
type FS struct {
	Path, Mount, Type      string
	Total, Free, Available int64
}

// ReadFS measures the file system holding path (the node's data path, or the
// working directory of a purely in-memory fake).
func (s *Sampler) ReadFS(path string) FS {
	if s.refresh > 0 {
		return s.cachedFS(path)
	}
	return s.readFS(path)
}

func (s *Sampler) readFS(path string) FS {
	abs, err := filepath.Abs(path)
	if err != nil {
		abs = path
	}
	out := FS{Path: abs}
	var st syscall.Statfs_t
	if err := syscall.Statfs(abs, &st); err == nil {
		bs := int64(st.Bsize) //nolint:unconvert // Bsize's type differs across platforms
		out.Total, out.Free, out.Available = int64(st.Blocks)*bs, int64(st.Bfree)*bs, int64(st.Bavail)*bs
	}
	out.Mount, out.Type = s.mountOf(abs)
	return out
}

// mountOf finds the longest mount point containing path in /proc/self/mounts
// and names it as OpenSearch does: "<mount point> (<device>)".
func (s *Sampler) mountOf(path string) (mount, fsType string) {
	f, err := os.Open(s.path("/proc/self/mounts"))
	if err != nil {
		return "", ""
	}
	defer f.Close()
	best := -1
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		fields := strings.Fields(sc.Text())
		if len(fields) < 3 {
			continue
		}
		dev, point, typ := fields[0], fields[1], fields[2]
		if point != "/" && path != point && !strings.HasPrefix(path, point+"/") {
			continue
		}
		if len(point) > best {
			best = len(point)
			mount, fsType = point+" ("+dev+")", typ
		}
	}
	return mount, fsType
}
