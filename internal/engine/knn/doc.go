// Package knn is the fake's k-NN plugin core: the space types and engines
// of the OpenSearch k-NN plugin (2.19), their distances and the plugin's
// per-engine score translation, radial thresholds, and exact (brute-force)
// top-k search over a shard's vectors.
//
// The real plugin answers knn queries from an HNSW (or IVF) graph; on the
// small data sets tests use, a graph returns the true nearest neighbours,
// which is what exact search returns here. Scores follow the plugin:
//
//	l2            1 / (1 + Σ(xᵢ-yᵢ)²)
//	cosinesimil   max((1 + cos) / 2, 0)
//	innerproduct  dot < 0 ? 1 / (1 - dot) : dot + 1
//	l1            1 / (1 + Σ|xᵢ-yᵢ|)
//	linf          1 / (1 + max|xᵢ-yᵢ|)
//	hamming       1 / (1 + popcount(x XOR y))
//
// Faiss, nmslib and Lucene reach the same values for the spaces each
// supports (faiss translates its inner product and cosine similarities,
// Lucene's similarity functions are defined the same way), so the engine
// changes which spaces, filters and radial searches are allowed, not the
// score.
package knn
