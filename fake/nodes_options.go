package fake

// WithNodeAttribute sets attribute key=value on node i (0-based), as
// node.attr.<key> does; nodes report attributes in the order they were set.
// A node given any attribute no longer reports OpenSearch's default
// shard_indexing_pressure_enabled=true unless it is set too.
func WithNodeAttribute(i int, key, value string) Option {
	return func(c *config) {
		if c.ext.attributes == nil {
			c.ext.attributes = map[int][][2]string{}
		}
		c.ext.attributes[i] = append(c.ext.attributes[i], [2]string{key, value})
	}
}
