"""The curated memory: .orgmemory.yaml loaded with its extends, checked, edited, inferred, enforced."""
