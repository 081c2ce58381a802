package com.mytopling.ycsb.core.dialect;

/** How an insert treats a key that already exists ({@code db.upsert}). */
public enum UpsertMode {
  /** Plain INSERT: an existing key is an error. */
  NONE,
  /** The dialect's update-in-place upsert: ON DUPLICATE KEY UPDATE, or MERGE on SQL Server. */
  UPDATE,
  /** MySQL-family REPLACE (delete + insert); MERGE on SQL Server. */
  REPLACE
}
