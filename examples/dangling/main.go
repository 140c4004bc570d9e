// Command dangling lists the dangling indexes of the cluster: index data on a
// node's disk that the cluster does not know (after a node rejoined, say).
// Against the embedded fake it first leaves two there, then imports one and
// deletes the other; against a real cluster (CLUSTERSEARCH_URL) it only
// lists, since importing or deleting is for you to decide.
//
//	go run ./examples/dangling
package main

import (
	"context"
	"fmt"
	"io"
	"log"
	"os"
	"slices"
	"strings"
	"time"

	"github.com/clustersearch/clustersearch-go/dangling"
	"github.com/clustersearch/clustersearch-go/examples/internal/exampleenv"
	"github.com/clustersearch/clustersearch-go/fake"
)

func main() {
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	if err := run(ctx, os.Stdout); err != nil {
		log.Fatal(err)
	}
}

func run(ctx context.Context, out io.Writer) error {
	env, err := exampleenv.Connect(fake.WithNodes(2))
	if err != nil {
		return err
	}
	defer env.Close()
	c := env.Client
	if env.Fake != nil {
		if err := leaveDangling(env.Fake); err != nil {
			return err
		}
	}

	list, err := c.Dangling.List(ctx)
	if err != nil {
		return err
	}
	found := list.DanglingIndices
	slices.SortFunc(found, func(a, b dangling.DanglingIndex) int { return strings.Compare(a.IndexName, b.IndexName) })
	for _, d := range found {
		fmt.Fprintf(out, "dangling: %s on %d node(s)\n", d.IndexName, len(d.NodeIDs))
	}
	if env.Fake == nil {
		return nil
	}

	// Importing or deleting a dangling index may lose data: the server wants
	// accept_data_loss said out loud.
	for _, d := range found {
		switch d.IndexName {
		case "orders-2024":
			if _, err := c.Dangling.Import(ctx, d.IndexUUID, &dangling.ChangeParams{AcceptDataLoss: true}); err != nil {
				return err
			}
			n, err := c.Search.Count(ctx, []string{d.IndexName}, nil, nil)
			if err != nil {
				return err
			}
			fmt.Fprintf(out, "imported %s: %d documents back\n", d.IndexName, n.Count)
		case "scratch":
			if _, err := c.Dangling.Delete(ctx, d.IndexUUID, &dangling.ChangeParams{AcceptDataLoss: true}); err != nil {
				return err
			}
			fmt.Fprintf(out, "deleted %s from the disks\n", d.IndexName)
		}
	}
	left, err := c.Dangling.List(ctx)
	if err != nil {
		return err
	}
	fmt.Fprintf(out, "dangling indexes left: %d\n", len(left.DanglingIndices))
	return nil
}

// leaveDangling puts two dangling indexes on the fake's disks.
func leaveDangling(srv *fake.Server) error {
	orders := fake.DanglingIndex{Name: "orders-2024", Nodes: []int{0, 1}, Docs: []fake.Doc{
		{ID: "1", Source: map[string]any{"total": 12.5}},
		{ID: "2", Source: map[string]any{"total": 40}},
	}}
	if _, err := srv.AddDanglingIndex(orders); err != nil {
		return err
	}
	_, err := srv.AddDanglingIndex(fake.DanglingIndex{Name: "scratch"})
	return err
}
