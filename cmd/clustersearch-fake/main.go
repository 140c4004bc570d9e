// Command clustersearch-fake serves the in-process fake OpenSearch server as a
// standalone process. It prints its base URL on the first line of stdout and
// stops cleanly on SIGINT or SIGTERM.
package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
	"syscall"
	"time"

	"github.com/clustersearch/clustersearch-go/fake"
)

func main() {
	if err := run(context.Background(), os.Args[1:], os.Stdout, os.Stderr); err != nil {
		fmt.Fprintln(os.Stderr, "clustersearch-fake:", err)
		os.Exit(1)
	}
}

// run parses flags, starts the server and blocks until ctx ends or a signal arrives.
func run(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("clustersearch-fake", flag.ContinueOnError)
	fs.SetOutput(stderr)
	addr := fs.String("addr", "127.0.0.1:9200", "listen address; port 0 picks a free port")
	nodes := fs.Int("nodes", 1, "number of simulated nodes")
	name := fs.String("cluster-name", "opensearch", "cluster name")
	ver := fs.String("version", "2.19.0", "reported OpenSearch version (2.x; 3.x selects 3.x scoring)")
	data := fs.String("data", "", "data directory: keep indexes, documents and configs there across restarts (default: memory only)")
	snapshotEvery := fs.Duration("snapshot-interval", time.Minute, "with -data: how often the whole state is snapshotted (the log since the last snapshot is replayed on start)")
	recoverData := fs.Bool("recover", false, "open a damaged -data directory anyway: keep what is readable and report on stderr what was dropped (damaged files stay on disk)")
	if err := fs.Parse(args); err != nil {
		return err
	}
	if fs.NArg() > 0 {
		return fmt.Errorf("unexpected arguments: %v", fs.Args())
	}
	if *nodes < 1 {
		return fmt.Errorf("-nodes must be at least 1, got %d", *nodes)
	}
	opts := []fake.Option{fake.WithAddr(*addr), fake.WithNodes(*nodes), fake.WithClusterName(*name), fake.WithVersion(*ver)}
	if *data != "" {
		opts = append(opts, fake.WithDataDir(*data), fake.WithSnapshotInterval(*snapshotEvery))
		if *recoverData {
			opts = append(opts, fake.WithDataDirRecovery())
		}
	} else if *recoverData {
		return fmt.Errorf("-recover needs -data")
	}
	srv, err := fake.NewServer(opts...)
	if err != nil {
		return err
	}
	defer srv.Close()
	for _, line := range srv.DataDirReport() {
		fmt.Fprintln(stderr, "clustersearch-fake:", line)
	}
	fmt.Fprintln(stdout, srv.URL())
	ctx, stop := signal.NotifyContext(ctx, os.Interrupt, syscall.SIGTERM)
	defer stop()
	<-ctx.Done()
	return nil
}
