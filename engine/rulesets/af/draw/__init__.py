"""Air Force drawings: data cards as printed, counters and a scenario on the hex board."""
