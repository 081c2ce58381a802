package site.ycsb.db;

import com.mytopling.ycsb.jdbc.MyToplingDbClient;

/**
 * The stock YCSB JDBC binding's class name, so command lines and scripts written for it
 * ({@code -db site.ycsb.db.JdbcDBClient}) run our binding unchanged.
 */
public class JdbcDBClient extends MyToplingDbClient {
}
