// Command gen writes ../data.txt, the allowlist facts the fake's
// GET /_scripts/painless/_context?context= answers from.
//
// Input: a directory holding OpenSearch 2.19's Painless allowlist files
// (modules/lang-painless/src/main/resources/org/opensearch/painless/spi/*.txt
// of the 2.19 branch), ingest-common's processors_allowlist.txt
// (modules/ingest-common/src/main/resources/org/opensearch/ingest/common/)
// and the k-NN plugin's knn_allowlist.txt (its 2.19.x tag,
// src/main/resources/org/opensearch/knn/plugin/script/), all under their
// upstream file names. Those files are read, never copied: what gen
// writes are the resolved facts in this package's own format. JDK classes
// are resolved with the running JDK's reflection (Reflect.java, run with the
// java given by -java; 2.19 ships JDK 21, so use 21 or later); the
// OpenSearch, Lucene and k-NN classes, which no JDK has, from the table in
// local.go, written from their 2.19 sources.
//
// A context whose files are not all in -src is still listed; the data then
// lacks those files and the fake answers that context's listing with 501.
//
//	go run ./internal/engine/painless/allowlist/gen -src DIR -java /path/to/java
package main

import (
	"bufio"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strings"
)

func main() {
	src := flag.String("src", "", "directory of the upstream allowlist files")
	javaBin := flag.String("java", "java", "java binary (JDK 21 or later)")
	out := flag.String("out", "internal/engine/painless/allowlist/data.txt", "file to write")
	flag.Parse()
	if err := run(*src, *javaBin, *out); err != nil {
		fmt.Fprintln(os.Stderr, "gen:", err)
		os.Exit(1)
	}
}

func run(src, javaBin, out string) error {
	if src == "" {
		return fmt.Errorf("-src is required")
	}
	files := map[string]*allowFile{}
	for _, c := range contexts {
		for _, name := range c.files {
			if _, seen := files[name]; seen {
				continue
			}
			text, err := os.ReadFile(filepath.Join(src, name))
			if os.IsNotExist(err) {
				fmt.Fprintln(os.Stderr, "gen: no", name, "in", src, "- contexts using it will answer 501")
				files[name] = nil
				continue
			}
			if err != nil {
				return err
			}
			f, err := parseAllowlist(name, string(text))
			if err != nil {
				return err
			}
			files[name] = f
		}
	}
	r := newResolver(files)
	facts, err := r.resolve(javaBin)
	if err != nil {
		return err
	}
	return os.WriteFile(out, []byte(facts), 0o644)
}

// allowFile is one upstream allowlist file as AllowlistLoader reads it.
type allowFile struct {
	name    string
	classes []*classBlock
	imports []importDecl
}

type classBlock struct {
	name     string
	noImport bool
	ctors    [][]string
	methods  []methodDecl
	fields   []fieldDecl
}

type methodDecl struct {
	ret, augmented, name string
	params               []string
}

type fieldDecl struct{ typ, name string }

type importDecl struct {
	ret, name string
	params    []string
	class     string
	bound     bool // bound_to (a class binding) rather than from_class
}

// parseAllowlist reads AllowlistLoader's syntax: class blocks with
// constructors "(T,...)", methods "R [AugmentingClass] name(T,...)", fields
// "T name", trailing @annotations, and one static_import block.
func parseAllowlist(name, text string) (*allowFile, error) {
	f := &allowFile{name: name}
	var cur *classBlock
	inImports := false
	sc := bufio.NewScanner(strings.NewReader(text))
	sc.Buffer(make([]byte, 0, 1<<16), 1<<20)
	n := 0
	for sc.Scan() {
		n++
		line := strings.TrimSpace(sc.Text())
		if line == "" || line[0] == '#' {
			continue
		}
		bad := func() error { return fmt.Errorf("%s:%d: cannot read %q", name, n, line) }
		switch {
		case line == "}":
			cur, inImports = nil, false
		case strings.HasPrefix(line, "static_import") && strings.HasSuffix(line, "{"):
			inImports = true
		case strings.HasPrefix(line, "class ") && strings.HasSuffix(line, "{"):
			words := strings.Fields(strings.TrimSuffix(line, "{"))
			cur = &classBlock{name: words[1]}
			for _, w := range words[2:] {
				if w == "@no_import" || w == "only_fqn" {
					cur.noImport = true
				}
			}
			f.classes = append(f.classes, cur)
		case inImports:
			open, close := strings.IndexByte(line, '('), strings.IndexByte(line, ')')
			if open < 0 || close < open {
				return nil, bad()
			}
			head := strings.Fields(line[:open])
			tail := strings.Fields(line[close+1:])
			if len(head) != 2 || len(tail) < 2 || (tail[0] != "from_class" && tail[0] != "bound_to") {
				return nil, bad()
			}
			f.imports = append(f.imports, importDecl{ret: head[0], name: head[1], params: splitParams(line[open+1 : close]),
				class: tail[1], bound: tail[0] == "bound_to"})
		case cur != nil:
			if at := strings.IndexByte(line, '@'); at >= 0 {
				line = strings.TrimSpace(line[:at])
			}
			open, close := strings.IndexByte(line, '('), strings.IndexByte(line, ')')
			switch {
			case open == 0 && close > 0:
				cur.ctors = append(cur.ctors, splitParams(line[1:close]))
			case open > 0 && close > open:
				head := strings.Fields(line[:open])
				m := methodDecl{params: splitParams(line[open+1 : close])}
				switch len(head) {
				case 2:
					m.ret, m.name = head[0], head[1]
				case 3:
					m.ret, m.augmented, m.name = head[0], head[1], head[2]
				default:
					return nil, bad()
				}
				cur.methods = append(cur.methods, m)
			default:
				w := strings.Fields(line)
				if len(w) != 2 {
					return nil, bad()
				}
				cur.fields = append(cur.fields, fieldDecl{typ: w[0], name: w[1]})
			}
		default:
			return nil, bad()
		}
	}
	return f, sc.Err()
}

func splitParams(s string) []string {
	s = strings.TrimSpace(s)
	if s == "" {
		return nil
	}
	parts := strings.Split(s, ",")
	for i := range parts {
		parts[i] = strings.TrimSpace(parts[i])
	}
	return parts
}

const defClass = "org.opensearch.painless.lookup.def"

var primitiveCodes = map[string]string{"boolean": "Z", "byte": "B", "short": "S", "char": "C", "int": "I",
	"long": "J", "float": "F", "double": "D", "void": "V"}

// resolver turns allowlist type names into Class.getName spellings.
type resolver struct {
	files map[string]*allowFile
	names map[string]string // canonical and imported names -> binary name
}

func newResolver(files map[string]*allowFile) *resolver {
	r := &resolver{files: files, names: map[string]string{"def": defClass}}
	for _, f := range files {
		if f == nil {
			continue
		}
		for _, c := range f.classes {
			canon := strings.ReplaceAll(c.name, "$", ".")
			r.names[canon] = c.name
			if !c.noImport {
				r.names[canon[strings.LastIndexByte(c.name, '.')+1:]] = c.name
			}
		}
	}
	return r
}

// javaName is Class.getName of an allowlist type name; erase swaps def for
// Object, as typeToJavaType does before reflection.
func (r *resolver) javaName(t string, erase bool) (string, error) {
	dims := 0
	for strings.HasSuffix(t, "[]") {
		t, dims = strings.TrimSuffix(t, "[]"), dims+1
	}
	var bin string
	if _, prim := primitiveCodes[t]; prim {
		bin = t
	} else if b, ok := r.names[t]; ok {
		bin = b
	} else {
		return "", fmt.Errorf("type [%s] is not allowlisted", t)
	}
	if erase && bin == defClass {
		bin = "java.lang.Object"
	}
	if dims == 0 {
		return bin, nil
	}
	elem := "L" + bin + ";"
	if code, prim := primitiveCodes[bin]; prim {
		elem = code
	}
	return strings.Repeat("[", dims) + elem, nil
}

func (r *resolver) javaNames(ts []string, erase bool) ([]string, error) {
	out := make([]string, len(ts))
	for i, t := range ts {
		n, err := r.javaName(t, erase)
		if err != nil {
			return nil, err
		}
		out[i] = n
	}
	return out, nil
}

// resolve writes the data file's text.
func (r *resolver) resolve(javaBin string) (string, error) {
	refl := newReflector(javaBin)
	defer refl.close()
	var b strings.Builder
	b.WriteString("# Painless allowlist facts of OpenSearch 2.19 with the k-NN plugin: written by gen/, do not edit.\n")
	for _, c := range contexts {
		fmt.Fprintf(&b, "X %s %s\n", c.name, strings.Join(c.files, " "))
	}
	classes := map[string]bool{}
	names := make([]string, 0, len(r.files))
	for n := range r.files {
		names = append(names, n)
	}
	sort.Strings(names)
	for _, fname := range names {
		f := r.files[fname]
		if f == nil {
			continue
		}
		fmt.Fprintf(&b, "P %s\n", fname)
		for _, c := range f.classes {
			classes[c.name] = true
			flag := "i"
			if c.noImport {
				flag = "n"
			}
			fmt.Fprintf(&b, "C %s %s\n", c.name, flag)
			for _, k := range c.ctors {
				ps, err := r.javaNames(k, false)
				if err != nil {
					return "", fmt.Errorf("%s: constructor of %s: %w", fname, c.name, err)
				}
				b.WriteString(strings.TrimRight("K "+strings.Join(ps, " "), " ") + "\n")
			}
			for _, m := range c.methods {
				line, err := r.method(refl, c.name, m)
				if err != nil {
					return "", fmt.Errorf("%s: %s.%s: %w", fname, c.name, m.name, err)
				}
				b.WriteString(line)
			}
			for _, fd := range c.fields {
				t, err := r.javaName(fd.typ, false)
				if err != nil {
					return "", fmt.Errorf("%s: %s.%s: %w", fname, c.name, fd.name, err)
				}
				decl, static, err := refl.field(c.name, fd.name)
				if err != nil {
					return "", err
				}
				tag := "F"
				if static {
					tag = "G"
				}
				fmt.Fprintf(&b, "%s %s %s %s\n", tag, decl, fd.name, t)
			}
		}
		for _, im := range f.imports {
			ret, err := r.javaName(im.ret, false)
			if err != nil {
				return "", err
			}
			ps, err := r.javaNames(im.params, false)
			if err != nil {
				return "", fmt.Errorf("%s: %s: %w", fname, im.name, err)
			}
			if im.bound {
				n, ok := bindingArity[im.class]
				if !ok {
					return "", fmt.Errorf("%s: no constructor arity known for binding class %s", fname, im.class)
				}
				fmt.Fprintf(&b, "%s\n", strings.TrimRight(fmt.Sprintf("B %s %s %s %d %s", im.class, im.name, ret, n, strings.Join(ps, " ")), " "))
				continue
			}
			erased, _ := r.javaNames(im.params, true)
			decl, _, err := refl.method(im.class, im.name, erased)
			if err != nil {
				return "", err
			}
			b.WriteString(strings.TrimRight(fmt.Sprintf("I %s %s %s %s", decl, im.name, ret, strings.Join(ps, " ")), " ") + "\n")
		}
	}
	classes[defClass] = true
	hier, err := refl.hierarchy(classes)
	if err != nil {
		return "", err
	}
	b.WriteString(hier)
	return b.String(), nil
}

// method resolves one allowlisted method: augmented ones are the
// augmenting class's static methods, listed among the instance methods;
// the rest are targetClass.getMethod, static or not as Java declares them.
func (r *resolver) method(refl *reflector, class string, m methodDecl) (string, error) {
	ret, err := r.javaName(m.ret, false)
	if err != nil {
		return "", err
	}
	ps, err := r.javaNames(m.params, false)
	if err != nil {
		return "", err
	}
	tag, decl := "M", m.augmented
	if decl == "" {
		erased, _ := r.javaNames(m.params, true)
		var static bool
		decl, static, err = refl.method(class, m.name, erased)
		if err != nil {
			return "", err
		}
		if static {
			tag = "S"
		}
	}
	return strings.TrimRight(fmt.Sprintf("%s %s %s %s %s", tag, decl, m.name, ret, strings.Join(ps, " ")), " ") + "\n", nil
}

// reflector asks Reflect.java, or the local table for classes no JDK has.
type reflector struct {
	javaBin string
	cmd     *exec.Cmd
	in      *bufio.Writer
	out     *bufio.Scanner
	stdin   interface{ Close() error }
}

func newReflector(javaBin string) *reflector { return &reflector{javaBin: javaBin} }

func (r *reflector) ask(q string) ([]string, error) {
	if r.cmd == nil {
		dir := reflectDir()
		r.cmd = exec.Command(r.javaBin, filepath.Join(dir, "Reflect.java"))
		stdin, err := r.cmd.StdinPipe()
		if err != nil {
			return nil, err
		}
		stdout, err := r.cmd.StdoutPipe()
		if err != nil {
			return nil, err
		}
		r.cmd.Stderr = os.Stderr
		if err := r.cmd.Start(); err != nil {
			return nil, err
		}
		r.stdin, r.in, r.out = stdin, bufio.NewWriter(stdin), bufio.NewScanner(stdout)
	}
	r.in.WriteString(q + "\n")
	if err := r.in.Flush(); err != nil {
		return nil, err
	}
	var lines []string
	for r.out.Scan() {
		if r.out.Text() == "E" {
			return lines, nil
		}
		lines = append(lines, r.out.Text())
	}
	return nil, fmt.Errorf("reflection helper stopped answering (%q)", q)
}

func (r *reflector) close() {
	if r.cmd != nil {
		r.stdin.Close()
		r.cmd.Wait()
	}
}

// reflectDir finds Reflect.java beside this generator's source.
func reflectDir() string {
	if _, err := os.Stat("Reflect.java"); err == nil {
		return "."
	}
	return filepath.Join("internal", "engine", "painless", "allowlist", "gen")
}

func (r *reflector) method(class, name string, params []string) (string, bool, error) {
	if lc, ok := local[class]; ok {
		return class, lc.static[name], nil
	}
	ans, err := r.ask(strings.TrimRight("method "+class+" "+name+" "+strings.Join(params, " "), " "))
	if err != nil {
		return "", false, err
	}
	if len(ans) != 1 || ans[0] == "R ?" {
		return "", false, fmt.Errorf("no public method %s.%s(%s) in the JDK", class, name, strings.Join(params, ","))
	}
	w := strings.Fields(ans[0])
	return w[1], w[2] == "static", nil
}

func (r *reflector) field(class, name string) (string, bool, error) {
	if lc, ok := local[class]; ok {
		return class, lc.static[name], nil
	}
	ans, err := r.ask("field " + class + " " + name)
	if err != nil {
		return "", false, err
	}
	if len(ans) != 1 || ans[0] == "R ?" {
		return "", false, fmt.Errorf("no public field %s.%s in the JDK", class, name)
	}
	w := strings.Fields(ans[0])
	return w[1], w[2] == "static", nil
}

// hierarchy writes an H line for every class and each of its supertypes.
func (r *reflector) hierarchy(classes map[string]bool) (string, error) {
	lines := map[string]string{}
	var visit func(name string) error
	visit = func(name string) error {
		if _, done := lines[name]; done {
			return nil
		}
		if lc, ok := local[name]; ok {
			kind, ifaces, super := "c", "-", lc.super
			if lc.iface {
				kind = "i"
			}
			if len(lc.interfaces) > 0 {
				ifaces = strings.Join(lc.interfaces, ",")
			}
			if super == "" {
				super = "-"
			}
			lines[name] = fmt.Sprintf("H %s %s %s %s", name, super, kind, ifaces)
			for _, s := range append([]string{lc.super}, lc.interfaces...) {
				if s != "" {
					if err := visit(s); err != nil {
						return err
					}
				}
			}
			return nil
		}
		ans, err := r.ask("class " + name)
		if err != nil {
			return err
		}
		for _, a := range ans {
			w := strings.Fields(a)
			switch {
			case len(w) == 3 && w[1] == "?":
				return fmt.Errorf("class %s is neither in the JDK nor in local.go", name)
			case len(w) == 5:
				kind := "c"
				if w[3] == "iface" {
					kind = "i"
				}
				lines[w[1]] = fmt.Sprintf("H %s %s %s %s", w[1], w[2], kind, w[4])
			}
		}
		return nil
	}
	names := make([]string, 0, len(classes))
	for n := range classes {
		names = append(names, n)
	}
	sort.Strings(names)
	for _, n := range names {
		if err := visit(n); err != nil {
			return "", err
		}
	}
	keys := make([]string, 0, len(lines))
	for k := range lines {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	var b strings.Builder
	for _, k := range keys {
		b.WriteString(lines[k] + "\n")
	}
	return b.String(), nil
}
