package persist

import (
	"encoding/binary"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
)

// Loaded is what a directory held when opened.
type Loaded struct {
	// Snapshot holds the parts of the newest snapshot (nil when there is
	// none); with Recover, only the readable ones.
	Snapshot [][]byte
	// Parts names each part of Snapshot, as the writer named it.
	Parts []string
	// Legacy is set when Snapshot is a single format-1 snapshot: the whole
	// state in one part, with no name.
	Legacy bool
	// Records are the payloads logged after the snapshot, in order.
	Records [][]byte
	// Problems lists what could not be read (only with Recover: otherwise
	// Open fails with them).
	Problems []Problem
	// Notes are things Open did or saw that lose nothing acknowledged: an
	// unfinished last write cut off, old files left in place.
	Notes []string
}

// dirFile is one file of the directory named by a generation.
type dirFile struct {
	name string
	gen  int
	snap bool
}

// parseName tells whether name is a log ("log-" and eight digits) or a
// snapshot ("snapshot-", eight digits, ".json") and of which generation;
// other names are never looked at.
func parseName(name string) (f dirFile, ok bool) {
	digits := func(s string) (int, bool) {
		if len(s) != 8 || strings.Trim(s, "0123456789") != "" {
			return 0, false
		}
		g, err := strconv.Atoi(s)
		return g, err == nil
	}
	if s, found := strings.CutPrefix(name, "log-"); found {
		g, ok := digits(s)
		return dirFile{name: name, gen: g}, ok
	}
	if s, found := strings.CutPrefix(name, "snapshot-"); found {
		if s, found := strings.CutSuffix(s, ".json"); found {
			g, ok := digits(s)
			return dirFile{name: name, gen: g, snap: true}, ok
		}
	}
	return dirFile{}, false
}

func logName(g int) string  { return fmt.Sprintf("log-%08d", g) }
func snapName(g int) string { return fmt.Sprintf("snapshot-%08d.json", g) }

// listFiles returns the directory's generation files, ascending.
func listFiles(path string) (snaps, logs []dirFile, err error) {
	entries, err := os.ReadDir(path)
	if err != nil {
		return nil, nil, fmt.Errorf("persist: %w", err)
	}
	for _, e := range entries {
		f, ok := parseName(e.Name())
		if !ok || !e.Type().IsRegular() {
			continue
		}
		if f.snap {
			snaps = append(snaps, f)
		} else {
			logs = append(logs, f)
		}
	}
	sort.Slice(snaps, func(i, j int) bool { return snaps[i].gen < snaps[j].gen })
	sort.Slice(logs, func(i, j int) bool { return logs[i].gen < logs[j].gen })
	return snaps, logs, nil
}

// loader reads a directory and checks that nothing in it is missing.
type loader struct {
	path string
	opts Options
	out  Loaded
	// problems are the unreadable pieces.
	problems []Problem
	// owned are the files read whole: once a newer snapshot covers them
	// they may be removed. Nothing else ever is.
	owned map[string]bool
	// maxGen is the highest generation any file is named with.
	maxGen int
	// seq is the sequence number the next record must carry (-1: unknown,
	// after a format-1 file).
	seq int64
	// maxSeq is the highest record sequence number seen.
	maxSeq int64
	// baseGen is the newest snapshot's generation (-1: none).
	baseGen int
	// tail is the log new records go to (nil: start a new one), with
	// torn, the offset its unfinished last write starts at (-1: none).
	tail     *dirFile
	torn     int64
	tailNext int // the generation its closing record names (-1: none)
}

func (l *loader) problem(p Problem) { l.problems = append(l.problems, p) }

func (l *loader) note(format string, args ...any) {
	l.out.Notes = append(l.out.Notes, fmt.Sprintf(format, args...))
}

func (l *loader) read(name string) ([]byte, error) {
	data, err := os.ReadFile(filepath.Join(l.path, name))
	if err != nil {
		return nil, fmt.Errorf("persist: %w", err)
	}
	return data, nil
}

// load reads snapshots and logs.
func (l *loader) load() error {
	snaps, logs, err := listFiles(l.path)
	if err != nil {
		return err
	}
	l.maxGen, l.baseGen, l.seq, l.maxSeq, l.torn, l.tailNext = -1, -1, 0, -1, -1, -1
	for _, f := range append(append([]dirFile{}, snaps...), logs...) {
		l.maxGen = max(l.maxGen, f.gen)
	}
	// The newest snapshot is the base; with Recover, an unreadable one
	// gives way to the next older.
	for i := len(snaps) - 1; i >= 0; i-- {
		ok, err := l.loadSnapshot(snaps[i])
		if err != nil {
			return err
		}
		if ok {
			l.baseGen = snaps[i].gen
			break
		}
	}
	var needed []dirFile
	for _, f := range logs {
		if f.gen >= l.baseGen {
			needed = append(needed, f)
		}
	}
	if err := l.loadLogs(needed); err != nil {
		return err
	}
	// Files older than the base are left over from a crash between a
	// snapshot and the cleanup after it: removable if they read whole.
	for _, f := range append(append([]dirFile{}, snaps...), logs...) {
		if f.gen >= l.baseGen || l.owned[f.name] {
			continue
		}
		if err := l.checkOld(f); err != nil {
			return err
		}
	}
	return nil
}

// loadSnapshot reads a snapshot; ok says whether it is the base.
func (l *loader) loadSnapshot(f dirFile) (bool, error) {
	data, err := l.read(f.name)
	if err != nil {
		return false, err
	}
	whole := fmt.Sprintf("the whole snapshot: every index, document and setting saved in it (%d bytes)", len(data))
	h, ok := decodeFileHeader(data)
	if !ok || h.magic != magicSnap || int(h.gen) != f.gen {
		if !hasMagic(data) && looksLegacy(data) {
			recs, good := legacyFrames(data)
			if len(recs) == 1 && good == len(data) {
				l.out.Snapshot, l.out.Legacy, l.seq = recs, true, -1
				l.owned[f.name] = true
				return true, nil
			}
			l.problem(Problem{File: f.name, Record: 0, Offset: int64(good), What: "a format-1 snapshot that fails its checksum or is cut short", Lost: whole})
			return false, nil
		}
		l.problem(Problem{File: f.name, Record: -1, Offset: 0, What: headerTrouble(data, h, ok, f.gen, magicSnap), Lost: whole})
		return false, nil
	}
	frames, damages, torn := scanFrames(data, fileHeaderSize)
	var names []string
	parts := map[uint64][]byte{}
	ended, count := false, uint64(0)
	for _, fr := range frames {
		switch {
		case fr.kind == kindManifest && names == nil:
			if json.Unmarshal(fr.payload, &names) != nil {
				names = []string{}
			}
		case fr.kind == kindPart:
			parts[fr.seq] = fr.payload
		case fr.kind == kindEnd:
			ended, count = true, fr.seq
		}
	}
	partName := func(i uint64) string {
		if i < uint64(len(names)) {
			return names[i]
		}
		return fmt.Sprintf("snapshot part %d (its name was in the unreadable list of parts)", i)
	}
	bad := false
	if names == nil {
		bad = true
		l.problem(Problem{File: f.name, Record: 0, Offset: fileHeaderSize, What: "the list of its parts is unreadable", Lost: "the names of the parts (each unreadable part is listed on its own)"})
	}
	for _, d := range damages {
		bad = true
		if d.header && d.kind == kindManifest {
			continue // reported above
		}
		lost := fmt.Sprintf("%d bytes holding one or more snapshot parts", d.size)
		if d.header && d.kind == kindPart {
			lost = partName(d.seq)
		}
		l.problem(Problem{File: f.name, Record: -1, Offset: d.offset, What: "fails its checksum", Lost: lost})
	}
	if !ended {
		bad = true
		what := "ends before its closing record (cut short)"
		off := int64(len(data))
		if torn >= 0 {
			off = torn
		}
		l.problem(Problem{File: f.name, Record: -1, Offset: off, What: what, Lost: "every part after the last readable one"})
		count = uint64(max(len(names), len(parts)))
	}
	out := make([][]byte, 0, count)
	var outNames []string
	for i := uint64(0); i < count; i++ {
		p, ok := parts[i]
		if !ok {
			if ended || i < uint64(len(names)) {
				bad = true
				l.problem(Problem{File: f.name, Record: int(i) + 1, Offset: -1, What: "part missing or unreadable", Lost: partName(i)})
			}
			continue
		}
		out = append(out, p)
		outNames = append(outNames, partName(i))
	}
	l.out.Snapshot, l.out.Parts = out, outNames
	l.seq = int64(h.seq)
	l.maxSeq = max(l.maxSeq, int64(h.seq)-1)
	if !bad {
		l.owned[f.name] = true
	}
	return !bad || l.opts.Recover, nil
}

// headerTrouble says why a file's header is not one this package wrote
// for that file.
func headerTrouble(data []byte, h fileHeader, ok bool, gen int, want [8]byte) string {
	switch {
	case len(data) == 0:
		return "is empty"
	case !hasMagic(data):
		return "has no clustersearch-fake header (zeroed or overwritten, or not written by this server): left untouched"
	case !ok:
		return "its header fails its checksum"
	case h.magic != want:
		return "its header is of the wrong kind of file"
	default:
		return fmt.Sprintf("its header names generation %d", h.gen)
	}
}

// loadLogs reads the logs from the base on, checking that each follows the
// one before without a gap.
func (l *loader) loadLogs(logs []dirFile) error {
	if l.baseGen >= 0 && (len(logs) == 0 || logs[0].gen != l.baseGen) {
		l.problem(Problem{File: logName(l.baseGen), Record: -1, Offset: -1, What: "is missing",
			Lost: fmt.Sprintf("every change logged after %s (from record %d on)", snapName(l.baseGen), l.seq)})
		l.seq = -1
	}
	next := -1 // the generation the previous log's closing record names
	for i, f := range logs {
		if next >= 0 && f.gen != next {
			l.problem(Problem{File: logName(next), Record: -1, Offset: -1, What: "is missing (the log before it names it)", Lost: "every change it logged"})
		}
		newest := i == len(logs)-1
		following := int64(-1)
		if !newest {
			following = l.firstSeq(logs[i+1])
		}
		var err error
		next, err = l.loadLog(f, newest, next == f.gen, following)
		if err != nil {
			return err
		}
	}
	if next >= 0 {
		l.problem(Problem{File: logName(next), Record: -1, Offset: -1, What: "is missing (the log before it names it)", Lost: "every change it logged"})
	}
	return nil
}

// loadLog reads one log and returns the generation its closing record
// names (-1: none).
//
// following is the first record number of the next log (-1: none or
// unknown): a log cut short only in its closing record (a crash while
// rotating) is whole when the next log starts where it ends.
func (l *loader) loadLog(f dirFile, newest, named bool, following int64) (int, error) {
	data, err := l.read(f.name)
	if err != nil {
		return -1, err
	}
	h, ok := decodeFileHeader(data)
	if !ok || h.magic != magicLog || int(h.gen) != f.gen {
		if !hasMagic(data) && looksLegacy(data) {
			return -1, l.loadLegacyLog(f, data, newest)
		}
		if len(data) == 0 && l.out.Legacy && f.gen == l.baseGen {
			// Format 1 created a log without a header: empty after a
			// clean shutdown's snapshot.
			l.owned[f.name] = true
			return -1, nil
		}
		if len(data) == 0 && !named && f.gen != l.baseGen {
			// A kill between creating a log and writing its header: it
			// never held a record.
			l.note("%s is empty (a log created just before a crash): left in place", f.name)
			return -1, nil
		}
		l.problem(Problem{File: f.name, Record: -1, Offset: 0, What: headerTrouble(data, h, ok, f.gen, magicLog), Lost: "every change it logged"})
		l.seq = -1
		return -1, nil
	}
	if l.seq < 0 && l.baseGen < 0 && f.gen == 0 {
		l.seq = 0
	}
	if l.seq >= 0 && int64(h.seq) != l.seq {
		if int64(h.seq) > l.seq {
			l.problem(Problem{File: f.name, Record: -1, Offset: 0, What: fmt.Sprintf("starts at record %d, but the files before it end at record %d", h.seq, l.seq),
				Lost: fmt.Sprintf("%s (a snapshot or log file was deleted, cut or replaced)", changes(int64(h.seq)-l.seq))})
		} else {
			l.problem(Problem{File: f.name, Record: -1, Offset: 0, What: fmt.Sprintf("starts at record %d, which the files before it already hold", h.seq), Lost: "nothing certain: it does not belong after them"})
		}
	}
	l.seq = int64(h.seq)
	frames, damages, torn := scanFrames(data, fileHeaderSize)
	clean := len(damages) == 0
	next := -1
	di := 0
	recNo := 0
	report := func(d damage) {
		clean = false
		lost := fmt.Sprintf("%d bytes of logged changes", d.size)
		if d.header {
			lost = "one logged change"
			if l.opts.Describe != nil && d.kind == kindData {
				if s := l.opts.Describe(d.payload); s != "" {
					lost += " (" + s + ")"
				}
			}
			if d.kind == kindData {
				lost += fmt.Sprintf(", record %d", d.seq)
				if int64(d.seq) >= l.seq {
					l.seq = int64(d.seq) + 1
				}
			}
		}
		l.problem(Problem{File: f.name, Record: recNo, Offset: d.offset, What: "fails its checksum", Lost: lost})
		recNo++
	}
	for _, fr := range frames {
		for di < len(damages) && damages[di].offset < fr.offset {
			report(damages[di])
			di++
		}
		if next >= 0 {
			clean = false
			l.problem(Problem{File: f.name, Record: recNo, Offset: fr.offset, What: "a record follows the log's closing record", Lost: "nothing certain"})
		}
		switch fr.kind {
		case kindData:
			if int64(fr.seq) != l.seq {
				clean = false
				if int64(fr.seq) > l.seq {
					l.problem(Problem{File: f.name, Record: recNo, Offset: fr.offset, What: fmt.Sprintf("is record %d where record %d was due", fr.seq, l.seq),
						Lost: changes(int64(fr.seq)-l.seq) + " before it"})
				} else {
					l.problem(Problem{File: f.name, Record: recNo, Offset: fr.offset, What: fmt.Sprintf("repeats record %d", fr.seq), Lost: "nothing: the copy is skipped"})
					recNo++
					continue
				}
			}
			l.out.Records = append(l.out.Records, fr.payload)
			l.seq = int64(fr.seq) + 1
			l.maxSeq = max(l.maxSeq, int64(fr.seq))
		case kindRotate:
			if len(fr.payload) == 8 {
				next = int(binary.LittleEndian.Uint64(fr.payload))
			}
		}
		recNo++
	}
	for ; di < len(damages); di++ {
		report(damages[di])
	}
	if torn >= 0 {
		switch {
		case newest && next < 0:
			l.tail, l.torn = &f, torn
		case !newest && next < 0 && following == l.seq:
			l.note("%s ends in an unfinished closing record (a crash while starting the next log): nothing is missing", f.name)
		default:
			clean = false
			l.problem(Problem{File: f.name, Record: recNo, Offset: torn, What: "is cut short in the middle of a record",
				Lost: fmt.Sprintf("the change being read and any after it in this file (%d bytes)", int64(len(data))-torn)})
		}
	} else if newest && next < 0 && clean {
		l.tail = &f
	}
	if clean {
		l.owned[f.name] = true
	}
	if !clean && newest {
		l.tail = nil // never append to a damaged file
	}
	return next, nil
}

// loadLegacyLog reads a format-1 log.
func (l *loader) loadLegacyLog(f dirFile, data []byte, newest bool) error {
	recs, torn, damaged := legacyScan(data)
	l.out.Records = append(l.out.Records, recs...)
	l.seq = -1
	switch {
	case damaged >= 0:
		l.problem(Problem{File: f.name, Record: len(recs), Offset: damaged, What: "fails its checksum (format 1)",
			Lost: fmt.Sprintf("every change logged after it in this file (%d bytes)", int64(len(data))-damaged)})
	case torn >= 0 && !newest:
		l.problem(Problem{File: f.name, Record: len(recs), Offset: torn, What: "is cut short in the middle of a record (format 1)",
			Lost: fmt.Sprintf("%d bytes of logged changes", int64(len(data))-torn)})
	case torn >= 0:
		l.note("%s: an unfinished write of %d bytes at byte %d was never acknowledged and is not replayed; the file is left in place",
			f.name, int64(len(data))-torn, torn)
	default:
		l.owned[f.name] = true
	}
	return nil
}

// checkOld marks a file older than the base as removable when it reads
// whole, and notes it otherwise.
func (l *loader) checkOld(f dirFile) error {
	data, err := l.read(f.name)
	if err != nil {
		return err
	}
	h, ok := decodeFileHeader(data)
	whole := false
	switch {
	case ok && int(h.gen) == f.gen && (h.magic == magicLog) != f.snap:
		_, damages, torn := scanFrames(data, fileHeaderSize)
		whole = len(damages) == 0 && torn < 0
	case !hasMagic(data) && looksLegacy(data):
		_, torn, damaged := legacyScan(data)
		whole = damaged < 0 && torn < 0
	}
	if whole {
		l.owned[f.name] = true
		return nil
	}
	l.note("%s is older than the snapshot in use and is not needed, but it is unreadable or not ours: left in place", f.name)
	return nil
}

func changes(n int64) string {
	if n == 1 {
		return "1 logged change"
	}
	return fmt.Sprintf("%d logged changes", n)
}

// firstSeq reads the first record number from a log's header (-1 when it
// has no readable header).
func (l *loader) firstSeq(f dirFile) int64 {
	fh, err := os.Open(filepath.Join(l.path, f.name))
	if err != nil {
		return -1
	}
	defer fh.Close()
	buf := make([]byte, fileHeaderSize)
	if _, err := io.ReadFull(fh, buf); err != nil {
		return -1
	}
	h, ok := decodeFileHeader(buf)
	if !ok || h.magic != magicLog || int(h.gen) != f.gen {
		return -1
	}
	return int64(h.seq)
}
