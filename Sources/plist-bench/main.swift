// plist-bench: prints benchmark figures (see README).
print("plist-bench: nothing measured yet")
