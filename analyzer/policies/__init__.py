"""Gift policies: data the kernel reads (a policy kind and parameters per card)."""
