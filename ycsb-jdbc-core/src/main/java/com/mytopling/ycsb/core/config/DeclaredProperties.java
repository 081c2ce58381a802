package com.mytopling.ycsb.core.config;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Put on a workload or DB class of yours to declare the properties it reads beyond the registry's, so that they are
 * known and a misspelling of them is reported ({@link UnknownProperties}); read without creating the class. A name
 * ending with {@code .*} declares a family ({@code mydb.shard.*}).
 */
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.TYPE)
public @interface DeclaredProperties {
  String[] value();
}
