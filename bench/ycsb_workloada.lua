#!/usr/bin/env sysbench
-- YCSB workload A for sysbench 1.0, to compare a C client with our Java harness issuing the
-- same operations against the same table:
--   * the table YCSB loads: usertable (YCSB_KEY, FIELD0..FIELD9), already loaded with
--     --records rows by YCSB (insertorder=hashed keys "user" .. fnvhash64(n), n < records);
--   * 50% read of all fields of one key, 50% update of one field (chosen uniformly) of one key;
--   * keys drawn like YCSB's ScrambledZipfianGenerator: a zipfian (theta 0.99) value over
--     10^10 items, FNV-1a 64 hashed, modulo records, then turned into YCSB's key name;
--   * server-side prepared statements (one per statement text, per connection);
--   * update values: 100 random characters, as YCSB's fieldlength=100.
-- Usage: sysbench bench/ycsb_workloada.lua --mysql-host=127.0.0.1 --mysql-port=3309 \
--          --mysql-user=ycsb --mysql-password=ycsb --mysql-db=ycsb --threads=16 \
--          --records=200000 --events=400000 --time=0 run

sysbench.cmdline.options = {
  records = {"Records loaded by YCSB (recordcount)", 200000},
  fields = {"Fields per record (fieldcount)", 10},
  fieldlength = {"Characters per updated value (fieldlength)", 100},
  readproportion = {"Share of reads; the rest are updates", 0.5},
  table = {"Table name", "usertable"},
}

local ffi = require("ffi")
local bit = require("bit")

-- YCSB's constants (site.ycsb.generator.ZipfianGenerator / ScrambledZipfianGenerator).
local ITEM_COUNT = 10000000000
local THETA = 0.99
local ZETAN = 26.46902820178302
local ALPHA = 1.0 / (1.0 - THETA)
local ZETA2 = 1.0 + 1.0 / math.pow(2, THETA)
local ITEMS = ITEM_COUNT + 1
local ETA = (1 - math.pow(2.0 / ITEMS, 1 - THETA)) / (1 - ZETA2 / ZETAN)
local HALF_POW = 1.0 + math.pow(0.5, THETA)

local FNV_OFFSET = 0xCBF29CE484222325ULL
local FNV_PRIME = 1099511628211ULL
local SIGN = 0x8000000000000000ULL

-- site.ycsb.Utils.fnvhash64: FNV-1a over the 8 bytes of a long, then Math.abs.
local function fnvhash64(v)
  local h = FNV_OFFSET
  local x = ffi.cast("uint64_t", v)
  for _ = 1, 8 do
    h = bit.bxor(h, bit.band(x, 0xFFULL)) * FNV_PRIME
    x = bit.rshift(x, 8)
  end
  if h >= SIGN then
    h = 0ULL - h
  end
  return h
end

local records
local zipf_ull

local function next_keynum()
  local u = sysbench.rand.uniform_double()
  local uz = u * ZETAN
  local z
  if uz < 1.0 then
    z = 0
  elseif uz < HALF_POW then
    z = 1
  else
    z = math.floor(ITEMS * math.pow(ETA * u - ETA + 1, ALPHA))
  end
  return fnvhash64(z) % zipf_ull
end

local function key_name(keynum)
  local s = tostring(fnvhash64(keynum))
  return "user" .. s:sub(1, #s - 3) -- drop LuaJIT's "ULL" suffix
end

local con, read_stmt, read_key
local upd_stmt, upd_val, upd_key = {}, {}, {}
local value_template

function thread_init()
  local drv = sysbench.sql.driver()
  con = drv:connect()
  records = sysbench.opt.records
  zipf_ull = ffi.cast("uint64_t", records)
  local t = sysbench.opt.table
  local cols = {}
  for f = 0, sysbench.opt.fields - 1 do
    cols[#cols + 1] = "FIELD" .. f
  end
  read_stmt = con:prepare("SELECT " .. table.concat(cols, ", ") .. " FROM " .. t .. " WHERE YCSB_KEY = ?")
  read_key = read_stmt:bind_create(sysbench.sql.type.VARCHAR, 255)
  read_stmt:bind_param(read_key)
  for f = 0, sysbench.opt.fields - 1 do
    local st = con:prepare("UPDATE " .. t .. " SET FIELD" .. f .. " = ? WHERE YCSB_KEY = ?")
    upd_val[f] = st:bind_create(sysbench.sql.type.VARCHAR, sysbench.opt.fieldlength)
    upd_key[f] = st:bind_create(sysbench.sql.type.VARCHAR, 255)
    st:bind_param(upd_val[f], upd_key[f])
    upd_stmt[f] = st
  end
  value_template = string.rep("@", sysbench.opt.fieldlength)
end

function thread_done()
  read_stmt:close()
  for f = 0, sysbench.opt.fields - 1 do
    upd_stmt[f]:close()
  end
  con:disconnect()
end

function event()
  local key = key_name(next_keynum())
  if sysbench.rand.uniform_double() < sysbench.opt.readproportion then
    read_key:set(key)
    read_stmt:execute()
  else
    local f = sysbench.rand.uniform(0, sysbench.opt.fields - 1)
    upd_val[f]:set(sysbench.rand.string(value_template))
    upd_key[f]:set(key)
    upd_stmt[f]:execute()
  end
end
